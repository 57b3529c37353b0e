#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Every primal run and the gradient start from freshly initialised states (same draws).
int main() {
  Checker check("rw8_curand_heston");
  const int n_paths = 128, n_steps = 16;
  const double T = 0.5, strike = 1.0, v0 = 0.04;
  std::vector<double> s0 = {1.02}, sums0 = zeros<double>(2);
  // kappa, theta, xi, rho, rate: 2 kappa theta > xi^2 keeps the variance off zero.
  std::vector<double> prm = {2.0, 0.05, 0.25, -0.6, 0.02};
  const std::vector<double> ws = {1.0, 0.7};
  auto as_params = [](const std::vector<double>& v) {
    return std::vector<HestonParams>{HestonParams{v[0], v[1], v[2], v[3], v[4]}};
  };
  DeviceArray<curandState> states{std::vector<curandState>(n_paths)};
  auto reset = [&] { CUAD_LAUNCH(heston_init, 2, 64, states.ptr, 2024ull, n_paths); };
  auto loss = [&] {
    DeviceArray<HestonParams> dp(as_params(prm));
    DeviceArray<double> ds(s0), dsum(sums0);
    reset();
    CUAD_LAUNCH(heston_paths, 2, 64, states.ptr, dp.ptr, ds.ptr, v0, T, strike, n_steps, n_paths,
                dsum.ptr);
    return dot(ws, dsum.get());
  };
  DeviceArray<HestonParams> dp(as_params(prm)), ap(as_params(zeros<double>(5)));
  DeviceArray<double> ds(s0), dsum(sums0), as(zeros<double>(1)), asum(ws);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(heston_paths_grad_1_2_8, 2, 64, states.ptr, dp.ptr, ds.ptr, v0, T, strike,
                        n_steps, n_paths, dsum.ptr, ap.ptr, as.ptr, asum.ptr));
  const HestonParams g = ap.get()[0];
  const std::vector<double> grad_prm = {g.kappa, g.theta, g.xi, g.rho, g.rate};
  check.array("params (kappa, theta, xi, rho, rate)", grad_prm, fd(prm, loss));
  check.array("s0", as.get(), fd(s0, loss));
  check.array("sums", asum.get(), fd(sums0, loss));
  return check.finish();
}
