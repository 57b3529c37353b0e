#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_fin_cva_netting");
  const int ns = 80, nt = 5;
  Rng rng(8080);
  std::vector<Swap> trades = {{1.0, 0.028, 4.3}, {-0.6, 0.031, 2.7}, {0.8, 0.025, 3.6},
                              {-0.4, 0.020, 1.2}, {0.5, 0.035, 4.8}};
  HullWhite hw{0.12, 0.012, 0.025, 0.03};
  std::vector<double> z(N_DATES * ns);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  double hazard = 0.025;
  const double recovery = 0.4, threshold = 0.01, mpor_vol = 0.02, cva0 = 0.05, w = 10.0;
  auto loss = [&] {
    DeviceArray<Swap> dt(trades);
    DeviceArray<double> dz(z);
    DeviceScalar<double> dc(cva0);
    CUAD_LAUNCH(cva_kernel, 3, 32, dt.ptr, nt, hw, dz.ptr, ns, hazard, recovery, threshold,
                mpor_vol, dc.ptr);
    return w * dc.value();
  };
  DeviceArray<Swap> dt(trades), a_t(std::vector<Swap>(nt, Swap{0, 0, 0}));
  DeviceArray<double> dz(z);
  DeviceScalar<double> dc(cva0), a_c(w), a_h(0.0);
  DeviceScalar<HullWhite> a_hw(HullWhite{0, 0, 0, 0});
  CUAD_GRAD(CUAD_LAUNCH(cva_kernel_grad_0_2_5_9, 3, 32, dt.ptr, nt, hw, dz.ptr, ns, hazard,
                        recovery, threshold, mpor_vol, dc.ptr, a_t.ptr, a_hw.ptr, a_h.ptr,
                        a_c.ptr));
  std::vector<Swap> gt = a_t.get();
  for (int k = 0; k < nt; ++k) {
    // maturities sit on branch/loop-count kinks only at whole-year distances from dates: away
    check.scalar(at("notional", k), gt[k].notional, fd(trades[k].notional, loss));
    check.scalar(at("fixed", k), gt[k].fixed, fd(trades[k].fixed, loss));
    check.scalar(at("maturity", k), gt[k].maturity, fd(trades[k].maturity, loss));
  }
  HullWhite g = a_hw.value();
  check.scalar("a", g.a, fd(hw.a, loss));
  check.scalar("sigma", g.sigma, fd(hw.sigma, loss));
  check.scalar("r0", g.r0, fd(hw.r0, loss));
  check.scalar("theta", g.theta, fd(hw.theta, loss));
  check.scalar("hazard", a_h.value(), fd(hazard, loss));
  check.scalar("cva", a_c.value(), w);
  return check.finish();
}
