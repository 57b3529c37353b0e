#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17m_arrhenius_kinetics");
  const int ncell = 24, nsub = 6;
  const double dt = 0.05;
  Rng rng(1705);
  std::vector<double> c = rng.vec(ncell * NSP, 0.2, 1.0), temp = rng.vec(ncell, 0.9, 1.2);
  for (auto& t : temp) t *= 1000.0;  // K
  // (log A, b, Ea): rates of order one at 1000 K
  std::vector<double> arr = {std::log(2.0) + 3.0, -0.4, 5.0e4 * 0.5, std::log(1.5) + 1.5, 0.2, 3.0e4 * 0.4,
                             std::log(1.0) + 2.0, -0.2, 4.0e4 * 0.45, std::log(0.8) + 1.0, 0.1, 2.0e4 * 0.3};
  std::vector<double> w = rng.vec(ncell * NSP);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dc(c), da(arr), dT(temp);
    CUAD_LAUNCH(chem_substep, 1, 16, dc.ptr, da.ptr, dT.ptr, dt, nsub, ncell);
    return dot(w, dc.get());
  };
  DeviceArray<double> dc(c), da(arr), dT(temp), ac(w), aa(zeros<double>(arr.size())), aT(zeros<double>(ncell));
  CUAD_GRAD(CUAD_LAUNCH(chem_substep_grad_0_1_2, 1, 16, dc.ptr, da.ptr, dT.ptr, dt, nsub, ncell, ac.ptr, aa.ptr, aT.ptr));
  check.array("c", ac.get(), fd(c, loss));
  check.array("arr", aa.get(), fd(arr, loss));
  check.array("temp", aT.get(), fd(temp, loss));
#else
  std::vector<double> vc = rng.vec(ncell * NSP, -0.2, 0.2), va = rng.vec(arr.size(), -0.5, 0.5), vT = rng.vec(ncell, -20.0, 20.0);
  for (int r = 0; r < NRX; ++r) va[3 * r + 2] *= 500.0;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dc(along(c, t, vc)), da(along(arr, t, va)), dT(along(temp, t, vT));
    CUAD_LAUNCH(chem_substep, 1, 16, dc.ptr, da.ptr, dT.ptr, dt, nsub, ncell);
    return dc.get();
  };
  DeviceArray<double> dc(c), da(arr), dT(temp), tc(vc), ta(va), tT(vT);
  CUAD_GRAD(CUAD_LAUNCH(chem_substep_pushforward_0_1_2, 1, 16, dc.ptr, da.ptr, dT.ptr, dt, nsub, ncell, tc.ptr, ta.ptr, tT.ptr));
  check.array("c", tc.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
