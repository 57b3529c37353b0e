#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_fin_garch_t");
  const int ns = 90, nobs = 30, blocks = (ns + 63) / 64;
  Rng rng(9);
  std::vector<double> ret(ns * nobs);
  for (auto& x : ret) x = 0.01 * rng.uniform(-1.7, 1.7);
  // mu, log omega, logit persistence, logit alpha share, log(nu - 2)
  std::vector<double> theta = {0.0004, log(2e-6), 1.8, -1.2, log(4.0)};
  const double nll0 = 0.1, w = 0.8;
  auto loss = [&] {
    DeviceArray<double> dr(ret), dt(theta);
    DeviceScalar<double> dn(nll0);
    CUAD_LAUNCH(garch_t_nll<64>, blocks, 64, dr.ptr, ns, nobs, dt.ptr, dn.ptr);
    return w * dn.value();
  };
  DeviceArray<double> dr(ret), dt(theta), a_t(N_THETA, 0.0);
  DeviceScalar<double> dn(nll0), a_n(w);
  CUAD_GRAD(CUAD_LAUNCH(garch_t_nll_grad_3_4<64>, blocks, 64, dr.ptr, ns, nobs, dt.ptr, dn.ptr,
                        a_t.ptr, a_n.ptr));
  check.array("theta", a_t.get(), fd(theta, loss));
  check.scalar("nll", a_n.value(), w);
  return check.finish();
}
