#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_mc_transmit");
  const int nsamples = 200, nsteps = 8;  // 2 blocks of 64 stride over 200 samples
  const double width = 0.35, length = 3.0;
  const uint32_t seed = 12345u;
  double spread = 0.4;
  std::vector<double> amp = {0.6, 0.9, 0.3, 0.5}, center = {0.4, 1.1, 1.9, 2.6};
  double r0 = 0.25;
#if CUAD_OUTPUT == 1
  const double w = 1.3;
  auto loss = [&] {
    DeviceArray<double> da(amp), dc(center);
    DeviceScalar<double> dr(r0);
    CUAD_LAUNCH(mc_transmittance, 2, 64, da.ptr, dc.ptr, width, spread, length, nsamples, nsteps,
                seed, dr.ptr);
    return w * dr.value();
  };
  DeviceArray<double> da(amp), dc(center), aa(zeros<double>(4)), ac(zeros<double>(4));
  DeviceScalar<double> dr(r0), ar(w), as(0.0);
  CUAD_GRAD(CUAD_LAUNCH(mc_transmittance_grad_0_1_3_8, 2, 64, da.ptr, dc.ptr, width, spread,
                        length, nsamples, nsteps, seed, dr.ptr, aa.ptr, ac.ptr, as.ptr, ar.ptr));
  check.array("amp", aa.get(), fd(amp, loss));
  check.array("center", ac.get(), fd(center, loss));
  check.scalar("spread", as.value(), fd(spread, loss));
  check.scalar("result", ar.value(), fd(r0, loss));
#else
  std::vector<double> va = {0.3, -0.2, 0.5, 0.1}, vc = {-0.4, 0.2, 0.3, -0.1};
  const double vs = 0.6, vr = -0.7;
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(amp, t, va)), dc(along(center, t, vc));
    DeviceScalar<double> dr(along(r0, t, vr));
    CUAD_LAUNCH(mc_transmittance, 2, 64, da.ptr, dc.ptr, width, along(spread, t, vs), length,
                nsamples, nsteps, seed, dr.ptr);
    return std::vector<double>{dr.value()};
  };
  DeviceArray<double> da(amp), dc(center), ta(va), tc(vc);
  DeviceScalar<double> dr(r0), tr(vr);
  CUAD_GRAD(CUAD_LAUNCH(mc_transmittance_pushforward_0_1_3_8, 2, 64, da.ptr, dc.ptr, width,
                        spread, length, nsamples, nsteps, seed, dr.ptr, ta.ptr, tc.ptr, vs,
                        tr.ptr));
  check.array("result", std::vector<double>{tr.value()}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
