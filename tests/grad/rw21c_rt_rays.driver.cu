#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_rt_rays");
  Grid g{0.5f, 0.5f, 8, 6};
  const int nc = g.nx * g.ny, nrays = 12, maxsteps = 40;
  const float ds = 0.23f;
  Rng rng(21034);
  std::vector<float> kappa = rng.vec<float>(nc, 0.2, 1.5), temp(nc), y0(nrays), angle(nrays);
  // temperatures strictly inside table intervals (away from the interpolation kinks)
  const double dT = (3.0 - 0.5) / 15;
  for (int c = 0; c < nc; ++c) {
    const int k = 2 + (int)(rng.next() % 10);
    temp[c] = (float)(0.5 + dT * (k + rng.uniform(0.2, 0.8)));
  }
  for (int r = 0; r < nrays; ++r) {
    y0[r] = (float)(0.1 + 2.8 * (r + rng.uniform(0.2, 0.8)) / nrays);
    angle[r] = (float)rng.uniform(-0.6, 0.6);
  }
  const std::vector<float> wI = rng.vec<float>(nrays), wt = rng.vec<float>(nrays);
  auto loss = [&] {
    DeviceArray<float> dk(kappa), dt(temp), dy(y0), da(angle), dI(zeros<float>(nrays)),
        dtau(zeros<float>(nrays));
    CUAD_LAUNCH(trace_rays, 1, 32, dk.ptr, dt.ptr, dy.ptr, da.ptr, dI.ptr, dtau.ptr, g, ds, nrays,
                maxsteps);
    return dot(wI, dI.get()) + dot(wt, dtau.get());
  };
  DeviceArray<float> dk(kappa), dt(temp), dy(y0), da(angle), dI(zeros<float>(nrays)),
      dtau(zeros<float>(nrays));
  DeviceArray<float> ak(zeros<float>(nc)), at(zeros<float>(nc)), aI(wI), atau(wt);
  CUAD_GRAD(CUAD_LAUNCH(trace_rays_grad_0_1_4_5, 1, 32, dk.ptr, dt.ptr, dy.ptr, da.ptr, dI.ptr,
                        dtau.ptr, g, ds, nrays, maxsteps, ak.ptr, at.ptr, aI.ptr, atau.ptr));
  check.array("kappa", ak.get(), fd(kappa, loss));
  check.array("temp", at.get(), fd(temp, loss));
  check.array("I_out", aI.get(), zeros<double>(nrays));
  check.array("tau_out", atau.get(), zeros<double>(nrays));
  return check.finish();
}
