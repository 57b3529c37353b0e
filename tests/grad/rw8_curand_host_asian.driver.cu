#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The host function seeds its own states on every call: the primal runs of the finite
// differences and the gradient all see the same draws.
int main() {
  Checker check("rw8_curand_host_asian");
  const int n_paths = 96, n_steps = 16;
  const unsigned long long seed = 31337;
  // spot, vol, rate, barrier, strike, T
  std::vector<double> market = {1.0, 0.3, 0.04, 0.75, 1.02, 1.0};
  Rng rng(77);
  const std::vector<double> wv = rng.vec(n_paths, 0.0, 0.05);
  auto loss = [&] {
    std::vector<double> values(n_paths);
    const double price = asian_barrier_price(market.data(), values.data(), n_paths, n_steps, seed);
    return price + dot(wv, values);
  };
  std::vector<double> values(n_paths), a_market(6, 0.0), a_values = wv;
  CUAD_GRAD(asian_barrier_price_grad_0_1(market.data(), values.data(), n_paths, n_steps, seed,
                                         a_market.data(), a_values.data()));
  check.array("market", a_market, fd(market, loss));
  check.array("path_values", a_values, std::vector<double>(n_paths, 0.0));
  return check.finish();
}
