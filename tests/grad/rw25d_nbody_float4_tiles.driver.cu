#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_nbody_float4_tiles");
  Rng rng(25417);
  const int n = 45;  // two tiles, the second partial
  const float rc = 1.9f;
  std::vector<float> posq(4 * n), lj(2 * n);
  for (int tries = 0;; ++tries) {
    for (int i = 0; i < n; ++i) {
      // a jittered 4 x 4 x 3 lattice of spacing 1.2
      const int a = i % 4, b = (i / 4) % 4, c = i / 16;
      posq[4 * i] = 1.2f * a + (float)rng.uniform(-0.08, 0.08);
      posq[4 * i + 1] = 1.2f * b + (float)rng.uniform(-0.08, 0.08);
      posq[4 * i + 2] = 1.2f * c + (float)rng.uniform(-0.08, 0.08);
      posq[4 * i + 3] = (float)((i % 2 ? 1 : -1) * rng.uniform(0.3, 0.8));
      lj[2 * i] = (float)rng.uniform(0.5, 1.0);
      lj[2 * i + 1] = (float)rng.uniform(0.38, 0.42);
    }
    bool ok = true;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (i == j) continue;
        double r2 = 0;
        for (int d = 0; d < 3; ++d) r2 += std::pow((double)posq[4 * i + d] - posq[4 * j + d], 2);
        ok = ok && std::fabs(std::sqrt(r2) - rc) > 0.02;
      }
    if (ok || tries > 100) {
      check.expect(ok, "pairs away from the cutoff");
      break;
    }
  }
  auto run = [&](const std::vector<float>& p, const std::vector<float>& l) {
    DeviceArray<float> dp(p), dl(l), df(zeros<float>(4 * n));
    CUAD_LAUNCH(coulomb_lj_tiles, 2, TILE, n, dp.ptr, reinterpret_cast<float2*>(dl.ptr), rc,
                reinterpret_cast<float4*>(df.ptr));
    return df.get();
  };
  DeviceArray<float> dp(posq), dl(lj), df(zeros<float>(4 * n));
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(4 * n, -0.2, 0.2);
  auto loss = [&] { return dot(w, run(posq, lj)); };
  DeviceArray<float> gp(zeros<float>(4 * n)), gl(zeros<float>(2 * n)), gf(w);
  CUAD_GRAD(CUAD_LAUNCH(coulomb_lj_tiles_grad_1_2_4, 2, TILE, n, dp.ptr, reinterpret_cast<float2*>(dl.ptr), rc,
                        reinterpret_cast<float4*>(df.ptr), gp.ptr, reinterpret_cast<float2*>(gl.ptr),
                        reinterpret_cast<float4*>(gf.ptr)));
  check.array("posq", gp.get(), fd(posq, loss));
  check.array("lj", gl.get(), fd(lj, loss));
  check.array("force", gf.get(), zeros<double>(4 * n));
#else
  const std::vector<float> vp = rng.vec<float>(4 * n, -0.3, 0.3), vl = rng.vec<float>(2 * n, -0.2, 0.2);
  auto outputs_at = [&](double t) { return as_doubles(run(along(posq, t, vp), along(lj, t, vl))); };
  DeviceArray<float> tp(vp), tl(vl), tf(zeros<float>(4 * n));
  CUAD_GRAD(CUAD_LAUNCH(coulomb_lj_tiles_pushforward_1_2_4, 2, TILE, n, dp.ptr, reinterpret_cast<float2*>(dl.ptr), rc,
                        reinterpret_cast<float4*>(df.ptr), tp.ptr, reinterpret_cast<float2*>(tl.ptr),
                        reinterpret_cast<float4*>(tf.ptr)));
  check.array("tangent", as_doubles(tf.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
