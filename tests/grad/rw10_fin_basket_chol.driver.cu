#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_fin_basket_chol");
  const int n = 64;
  Rng rng(60606);
  std::vector<double> Z(n * 3);
  for (auto& z : Z) {
    double u1 = rng.uniform(1e-3, 1.0), u2 = rng.uniform(0.0, 1.0);
    z = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  // symmetric positive definite correlation; FD perturbs one entry at a time (the factor reads
  // the lower triangle only, so the upper entries get zero gradient).
  std::vector<double> corr = {1.0, 0.5, 0.3, 0.5, 1.0, 0.2, 0.3, 0.2, 1.0};
  std::vector<double> vol = {0.2, 0.3, 0.25}, spot = {100.0, 50.0, 80.0};
  double w0 = 0.4, w1 = 0.8, w2 = 0.3, K = 105.0, rate = 0.01, T = 1.0, price = 0.0, wp = 1.3;
  auto loss = [&] {
    DeviceArray<double> d_pr(std::vector<double>{price}), d_Z(Z), d_c(corr), d_v(vol), d_s(spot);
    CUAD_LAUNCH(basket_mc, 2, 16, d_pr.ptr, d_Z.ptr, d_c.ptr, d_v.ptr, d_s.ptr, w0, w1, w2, K,
                rate, T, n);
    return wp * d_pr.get()[0];
  };
  DeviceArray<double> d_pr(std::vector<double>{price}), d_Z(Z), d_c(corr), d_v(vol), d_s(spot);
  DeviceArray<double> a_pr(std::vector<double>{wp}), a_c(zeros<double>(9)), a_v(zeros<double>(3)),
      a_s(zeros<double>(3));
  CUAD_GRAD(CUAD_LAUNCH(basket_mc_grad_0_2_3_4, 2, 16, d_pr.ptr, d_Z.ptr, d_c.ptr, d_v.ptr,
                        d_s.ptr, w0, w1, w2, K, rate, T, n, a_pr.ptr, a_c.ptr, a_v.ptr, a_s.ptr));
  check.array("corr", a_c.get(), fd(corr, loss));
  check.array("vol", a_v.get(), fd(vol, loss));
  check.array("spot", a_s.get(), fd(spot, loss));
  check.scalar("price", a_pr.get()[0], fd(price, loss));
  return check.finish();
}
