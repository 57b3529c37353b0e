#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_yukawa_smem_energy");
  Rng rng(23215);
  const int n = 40;
  const float L = 7.0f, rc = 2.6f;
  float kappa = 1.2f, A = 0.5f;
  std::vector<float> pos;
  auto mi = [&](double d) { return d - L * std::rint(d / L); };
  while ((int)pos.size() < 2 * n) {
    const double p[2] = {rng.uniform(-0.5 * L, 0.5 * L), rng.uniform(-0.5 * L, 0.5 * L)};
    bool ok = true;
    for (size_t j = 0; j < pos.size() / 2; ++j) {
      const double dx = mi(p[0] - pos[2 * j]), dy = mi(p[1] - pos[2 * j + 1]);
      const double r = std::sqrt(dx * dx + dy * dy);
      if (r < 0.6 || std::fabs(r - rc) < 0.03 || std::fabs(std::fabs(dx) - 0.5 * L) < 0.03 ||
          std::fabs(std::fabs(dy) - 0.5 * L) < 0.03)
        ok = false;
    }
    if (ok) {
      pos.push_back((float)p[0]);
      pos.push_back((float)p[1]);
    }
  }
  float e0 = 0.5f;
  auto F2 = [](DeviceArray<float>& a) { return reinterpret_cast<float2*>(a.ptr); };
  auto run = [&](const std::vector<float>& p, float k_, float A_, std::vector<float>& e) {
    DeviceArray<float> d_p(p), d_f(zeros<float>(2 * n)), d_e(std::vector<float>{e0});
    CUAD_LAUNCH(yukawa_forces<true>, 2, 32, F2(d_p), n, k_, A_, L, rc, F2(d_f), d_e.ptr);
    e = d_e.get();
    return d_f.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wf = rng.vec<float>(2 * n);
  const float we = 0.4f;
  auto loss = [&] {
    std::vector<float> e;
    const std::vector<float> f = run(pos, kappa, A, e);
    return dot(wf, f) + we * e[0];
  };
  DeviceArray<float> d_p(pos), d_f(zeros<float>(2 * n)), d_e(std::vector<float>{e0}), g_p(zeros<float>(2 * n)),
      g_f(wf), g_e(std::vector<float>{we});
  DeviceScalar<float> g_k, g_A;
  CUAD_GRAD(CUAD_LAUNCH(yukawa_forces_grad_0_2_3_6_7<true>, 2, 32, F2(d_p), n, kappa, A, L, rc, F2(d_f), d_e.ptr,
                        F2(g_p), g_k.ptr, g_A.ptr, F2(g_f), g_e.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.scalar("kappa", g_k.value(), fd(kappa, loss));
  check.scalar("A", g_A.value(), fd(A, loss));
  check.array("force", g_f.get(), zeros<double>(2 * n));
  check.scalar("energy", g_e.get()[0], central_difference(e0, loss, 0.25));
#else
  const std::vector<float> vp = rng.vec<float>(2 * n, -0.3, 0.3);
  const float vk = 0.2f, vA = -0.1f;
  auto outputs_at = [&](double t) {
    std::vector<float> e;
    std::vector<double> out = as_doubles(run(along(pos, t, vp), along(kappa, t, vk), along(A, t, vA), e));
    out.push_back(e[0]);
    return out;
  };
  DeviceArray<float> d_p(pos), d_f(zeros<float>(2 * n)), d_e(std::vector<float>{e0}), t_p(vp),
      t_f(zeros<float>(2 * n)), t_e(zeros<float>(1));
  CUAD_GRAD(CUAD_LAUNCH(yukawa_forces_pushforward_0_2_3_6_7<true>, 2, 32, F2(d_p), n, kappa, A, L, rc, F2(d_f), d_e.ptr,
                        F2(t_p), vk, vA, F2(t_f), t_e.ptr));
  std::vector<double> tan = as_doubles(t_f.get());
  tan.push_back(t_e.get()[0]);
  check.array("tangent", tan, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
