#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_power_rayleigh");
  Rng rng(200205);
  const int n = 50, iters = 4, TB = 32, nparts = (n + TB - 1) / TB;
  // A symmetric matrix with a separated dominant eigenvalue (a rank-one spike plus noise).
  std::vector<double> u = rng.vec(n, 0.5, 1.0), noise = rng.vec(n * n, -0.1, 0.1);
  std::vector<double> A(n * n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      A[r * n + c] = 0.1 * u[r] * u[c] + 0.5 * (noise[r * n + c] + noise[c * n + r]);
  std::vector<double> v = rng.vec(n, 0.2, 1.0);
  const std::vector<double> wv = rng.vec(n), wav = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dA(A), dv(v), dAv(n, 0.0), dp(nparts, 0.0), dl(1, 0.0);
    const double lam = power_rayleigh(dA.ptr, dv.ptr, dAv.ptr, dp.ptr, dl.ptr, n, iters);
    return lam + dot(wv, dv.get()) + dot(wav, dAv.get());
  };
  DeviceArray<double> dA(A), dv(v), dAv(n, 0.0), dp(nparts, 0.0), dl(1, 0.0);
  DeviceArray<double> aA(zeros<double>(n * n)), av(wv), aAv(wav), ap(zeros<double>(nparts)),
      al(zeros<double>(1));
  CUAD_GRAD(power_rayleigh_grad_0_1_2_3_4(dA.ptr, dv.ptr, dAv.ptr, dp.ptr, dl.ptr, n, iters,
                                          aA.ptr, av.ptr, aAv.ptr, ap.ptr, al.ptr));
  check.array("A", aA.get(), fd(A, loss));
  check.array("v", av.get(), fd(v, loss));
  // Av, the partial sums and lam are written before they are read.
  check.array("Av", aAv.get(), std::vector<double>(n, 0.0));
  check.array("partial", ap.get(), std::vector<double>(nparts, 0.0));
  check.array("lam", al.get(), std::vector<double>(1, 0.0));
  return check.finish();
}
