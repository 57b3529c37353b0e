#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_arrhenius_newton");
  const int ncell = 40, NSP = 4;
  Rng rng(21033);
  std::vector<double> Y(ncell * NSP), e(ncell), rho = rng.vec(ncell, 0.6, 1.6);
  for (int c = 0; c < ncell; ++c) {
    double y[4] = {rng.uniform(0.05, 0.3), rng.uniform(0.2, 0.5), rng.uniform(0.05, 0.3),
                   rng.uniform(0.1, 0.3)};
    if (c % 7 == 3) y[2] = -rng.uniform(0.01, 0.05);  // a small undershoot, clipped to 0
    for (int k = 0; k < 4; ++k) Y[c * NSP + k] = y[k];
    e[c] = rng.uniform(0.8, 3.0);
  }
  const std::vector<double> wW = rng.vec(ncell * NSP), wT = rng.vec(ncell);
  auto loss = [&] {
    DeviceArray<double> dY(Y), de(e), dr(rho), dw(zeros<double>(ncell * NSP)), dT(zeros<double>(ncell));
    CUAD_LAUNCH(chem_source, 2, 32, dY.ptr, de.ptr, dr.ptr, dw.ptr, dT.ptr, ncell);
    return dot(wW, dw.get()) + dot(wT, dT.get());
  };
  DeviceArray<double> dY(Y), de(e), dr(rho), dw(zeros<double>(ncell * NSP)), dT(zeros<double>(ncell));
  DeviceArray<double> aY(zeros<double>(ncell * NSP)), ae(zeros<double>(ncell)), ar(zeros<double>(ncell)),
      aw(wW), aT(wT);
  CUAD_GRAD(CUAD_LAUNCH(chem_source_grad_0_1_2_3_4, 2, 32, dY.ptr, de.ptr, dr.ptr, dw.ptr, dT.ptr, ncell, aY.ptr,
                        ae.ptr, ar.ptr, aw.ptr, aT.ptr));
  check.array("Y", aY.get(), fd(Y, loss));
  check.array("e", ae.get(), fd(e, loss));
  check.array("rho", ar.get(), fd(rho, loss));
  check.array("wdot", aw.get(), zeros<double>(ncell * NSP));
  check.array("T", aT.get(), zeros<double>(ncell));
  return check.finish();
}
