#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_bicubic_warp");
  Rng rng(23603);
  const int W = 12, H = 10, OW = 9, OH = 8;
  std::vector<float> src = rng.vec<float>(W * H, 0.0, 1.0);
  // rotation + scale + shift, chosen so the sample fractions stay away from 0 and 1
  std::vector<float> m = {0.93f, 0.27f, -0.61f, -0.22f, 1.07f, 0.43f};
  for (int tries = 0; tries < 1000; ++tries) {
    bool ok = true;
    for (int oy = 0; oy < OH && ok; ++oy)
      for (int ox = 0; ox < OW && ok; ++ox) {
        const double sx = m[0] * ox + m[1] * oy + m[2], sy = m[3] * ox + m[4] * oy + m[5];
        const double rx = sx - std::floor(sx), ry = sy - std::floor(sy);
        if (rx < 0.02 || rx > 0.98 || ry < 0.02 || ry > 0.98) ok = false;
      }
    if (ok) break;
    m[2] = (float)rng.uniform(-1.0, 1.0);
    m[5] = (float)rng.uniform(-1.0, 1.0);
    m[1] = (float)rng.uniform(0.1, 0.4);
    m[3] = (float)rng.uniform(-0.4, -0.1);
  }
  const dim3 block(4, 4), grid((OW + 3) / 4, (OH + 3) / 4);
  auto mk = [](const std::vector<float>& v) {
    Affine2D a;
    for (int k = 0; k < 6; ++k) a.m[k] = v[k];
    return a;
  };
  auto run = [&](const std::vector<float>& s, const std::vector<float>& mm) {
    DeviceArray<float> d_src(s), d_dst(zeros<float>(OW * OH));
    CUAD_LAUNCH(warp_affine_bicubic, grid, block, d_src.ptr, W, H, mk(mm), d_dst.ptr, OW, OH);
    return d_dst.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(OW * OH);
  auto loss = [&] { return dot(w, run(src, m)); };
  DeviceArray<float> d_src(src), d_dst(zeros<float>(OW * OH)), g_src(zeros<float>(W * H)), g_dst(w);
  Affine2D z{};
  DeviceArray<Affine2D> g_A(std::vector<Affine2D>{z});
  CUAD_GRAD(CUAD_LAUNCH(warp_affine_bicubic_grad_0_3_4, grid, block, d_src.ptr, W, H, mk(m), d_dst.ptr,
                        OW, OH, g_src.ptr, g_A.ptr, g_dst.ptr));
  check.array("src", g_src.get(), fd(src, loss));
  const Affine2D ga = g_A.get()[0];
  check.array("A", std::vector<float>(ga.m, ga.m + 6), fd(m, loss));
  check.array("dst", g_dst.get(), zeros<double>(OW * OH));
#else
  const std::vector<float> vs = rng.vec<float>(W * H), vm = rng.vec<float>(6, -0.05, 0.05);
  auto outputs_at = [&](double t) { return as_doubles(run(along(src, t, vs), along(m, t, vm))); };
  DeviceArray<float> d_src(src), d_dst(zeros<float>(OW * OH)), t_src(vs), t_dst(zeros<float>(OW * OH));
  CUAD_GRAD(CUAD_LAUNCH(warp_affine_bicubic_pushforward, grid, block, d_src.ptr, W, H, mk(m), d_dst.ptr,
                        OW, OH, t_src.ptr, mk(vm), t_dst.ptr));
  check.array("dst tangent", as_doubles(t_dst.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
