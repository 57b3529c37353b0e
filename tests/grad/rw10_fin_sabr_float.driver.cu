#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_fin_sabr_float");
  const int n_paths = 24, n_steps = 8;
  Rng rng(4242);
  auto normals = [&](int n) {
    std::vector<float> z(n);
    for (int i = 0; i < n; ++i) {
      double u1 = rng.uniform(1e-2, 1.0), u2 = rng.uniform(0.0, 1.0);
      z[i] = (float)(sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2));
    }
    return z;
  };
  std::vector<float> Z1 = normals(n_paths * n_steps), Z2 = normals(n_paths * n_steps);
  std::vector<float> params = {0.4f, 0.6f, 0.5f, -0.3f};
  std::vector<float> payoff = rng.vec<float>(n_paths), wp = rng.vec<float>(n_paths);
  float F0 = 1.0f, K = 0.9f, T = 1.0f;
  auto loss = [&] {
    DeviceArray<float> d_pay(payoff), d_par(params), d_z1(Z1), d_z2(Z2);
    CUAD_LAUNCH(sabr_paths, 1, 32, d_pay.ptr, d_par.ptr, F0, d_z1.ptr, d_z2.ptr, K, T, n_steps,
                n_paths);
    return dot(wp, d_pay.get());
  };
  {
    DeviceArray<float> d_pay(payoff), d_par(params), d_z1(Z1), d_z2(Z2);
    CUAD_LAUNCH(sabr_paths, 1, 32, d_pay.ptr, d_par.ptr, F0, d_z1.ptr, d_z2.ptr, K, T, n_steps,
                n_paths);
    for (float v : d_pay.get()) printf("%g ", v);
    printf("\n");
  }
  DeviceArray<float> d_pay(payoff), d_par(params), d_z1(Z1), d_z2(Z2);
  DeviceArray<float> a_pay(wp), a_par(zeros<float>(4));
  DeviceScalar<float> a_F0;
  CUAD_GRAD(CUAD_LAUNCH(sabr_paths_grad_0_1_2, 1, 32, d_pay.ptr, d_par.ptr, F0, d_z1.ptr,
                        d_z2.ptr, K, T, n_steps, n_paths, a_pay.ptr, a_par.ptr, a_F0.ptr));
  check.array("params", a_par.get(), fd(params, loss));
  check.scalar("F0", a_F0.value(), fd(F0, loss));
  check.array("payoff", a_pay.get(), fd(payoff, loss));
  return check.finish();
}
