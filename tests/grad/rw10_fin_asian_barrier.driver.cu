#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_fin_asian_barrier");
  const int n_paths = 48, n_steps = 12;
  Rng rng(1010);
  std::vector<double> Z(n_paths * n_steps);
  // Box-Muller normals from the deterministic uniform generator.
  for (size_t i = 0; i < Z.size(); ++i) {
    double u1 = rng.uniform(1e-3, 1.0), u2 = rng.uniform(0.0, 1.0);
    Z[i] = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  std::vector<double> payoff = rng.vec(n_paths), wpay = rng.vec(n_paths);
  double price = 0.1, wprice = 2.0;
  double S0 = 100.0, sigma = 0.25, rate = 0.03, K = 98.0, barrier = 125.0, T = 1.0;
  auto loss = [&] {
    DeviceArray<double> d_pay(payoff), d_price(std::vector<double>{price}), d_Z(Z);
    CUAD_LAUNCH(asian_barrier_mc, 2, 32, d_pay.ptr, d_price.ptr, d_Z.ptr, S0, sigma, rate, K,
                barrier, T, n_steps, n_paths);
    return dot(wpay, d_pay.get()) + wprice * d_price.get()[0];
  };
  DeviceArray<double> d_pay(payoff), d_price(std::vector<double>{price}), d_Z(Z);
  DeviceArray<double> a_pay(wpay), a_price(std::vector<double>{wprice});
  DeviceScalar<double> a_S0, a_sigma, a_rate;
  CUAD_GRAD(CUAD_LAUNCH(asian_barrier_mc_grad_0_1_3_4_5, 2, 32, d_pay.ptr, d_price.ptr, d_Z.ptr,
                        S0, sigma, rate, K, barrier, T, n_steps, n_paths, a_pay.ptr, a_price.ptr,
                        a_S0.ptr, a_sigma.ptr, a_rate.ptr));
  check.scalar("S0", a_S0.value(), fd(S0, loss));
  check.scalar("sigma", a_sigma.value(), fd(sigma, loss));
  check.scalar("rate", a_rate.value(), fd(rate, loss));
  check.array("payoff", a_pay.get(), fd(payoff, loss));
  check.scalar("price", a_price.get()[0], fd(price, loss));
  // Sanity: the case must exercise both knocked-out and surviving in-the-money paths.
  {
    DeviceArray<double> p2(payoff), pr2(std::vector<double>{0.0});
    CUAD_LAUNCH(asian_barrier_mc, 2, 32, p2.ptr, pr2.ptr, d_Z.ptr, S0, sigma, rate, K, barrier, T,
                n_steps, n_paths);
    int itm = 0, zero = 0;
    for (double v : p2.get()) (v > 0 ? itm : zero)++;
    printf("asian: %d in the money, %d zero\n", itm, zero);
  }
  return check.finish();
}
