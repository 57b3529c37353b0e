#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_euler_float3_hll");
  Rng rng(24871);
  const int n = 40;
  const float dt_dx = 0.2f;
  float gamma = 1.4f;
  std::vector<float> U(3 * n);
  for (int i = 0; i < n; ++i) {
    const double rho = 1.0 + 0.3 * std::exp(-0.02 * (i - 18.0) * (i - 18.0)) + rng.uniform(-0.02, 0.02);
    // a supersonic right-moving region (SL > 0 branch) and a subsonic one
    const double u = (i < 10 ? 1.8 : 0.3) + rng.uniform(-0.05, 0.05);
    const double p = 1.0 + rng.uniform(-0.05, 0.05);
    U[3 * i] = (float)rho;
    U[3 * i + 1] = (float)(rho * u);
    U[3 * i + 2] = (float)(p / 0.4 + 0.5 * rho * u * u);
  }
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  auto run = [&](const std::vector<float>& uu, float gm) {
    DeviceArray<float> d_U(uu), d_Un(zeros<float>(3 * n));
    CUAD_LAUNCH(euler_hll_step, 2, 32, f3(d_U), f3(d_Un), gm, dt_dx, n);
    return d_Un.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(3 * n);
  auto loss = [&] { return dot(w, run(U, gamma)); };
  DeviceArray<float> d_U(U), d_Un(zeros<float>(3 * n)), g_U(zeros<float>(3 * n)), g_Un(w);
  DeviceScalar<float> g_g(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(euler_hll_step_grad_0_1_2, 2, 32, f3(d_U), f3(d_Un), gamma, dt_dx, n, f3(g_U), f3(g_Un),
                        g_g.ptr));
  check.array("U", g_U.get(), fd(U, loss));
  check.scalar("gamma", g_g.value(), fd(gamma, loss));
  check.array("Un", g_Un.get(), zeros<double>(3 * n));
#else
  const std::vector<float> vU = rng.vec<float>(3 * n, -0.05, 0.05), vUn = rng.vec<float>(3 * n);
  const float vg = 0.1f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(U, t, vU), along(gamma, t, vg))); };
  DeviceArray<float> d_U(U), d_Un(zeros<float>(3 * n)), t_U(vU), t_Un(vUn);
  CUAD_GRAD(CUAD_LAUNCH(euler_hll_step_pushforward_0_1_2, 2, 32, f3(d_U), f3(d_Un), gamma, dt_dx, n, f3(t_U),
                        f3(t_Un), vg));
  check.array("Un tangent", as_doubles(t_Un.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
