#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Every primal run and the gradient start from freshly seeded states (same draws).
int main() {
  Checker check("rw8_curand_photon");
  const int n = 128;
  const double thickness = 1.5;
  std::vector<double> mu_s = {1.2}, mu_a = {0.6}, tally0 = zeros<double>(3);
  const std::vector<double> wt = {0.8, 1.3, -0.5};
  DeviceArray<curandStatePhilox4_32_10_t> states{std::vector<curandStatePhilox4_32_10_t>(n)};
  auto reset = [&] { CUAD_LAUNCH(seed_photons, 2, 64, states.ptr, 8086ull, n); };
  auto run = [&] {
    DeviceArray<double> ds(mu_s), da(mu_a), dt(tally0);
    reset();
    CUAD_LAUNCH(photon_slab, 2, 64, states.ptr, ds.ptr, da.ptr, thickness, n, dt.ptr);
    return dt.get();
  };
  auto loss = [&] { return dot(wt, run()); };
  DeviceArray<double> ds(mu_s), da(mu_a), dt(tally0), as(zeros<double>(1)), aa(zeros<double>(1)),
      at(wt);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(photon_slab_grad_1_2_5, 2, 64, states.ptr, ds.ptr, da.ptr, thickness, n,
                        dt.ptr, as.ptr, aa.ptr, at.ptr));
  check.array("mu_s", as.get(), fd(mu_s, loss));
  check.array("mu_a", aa.get(), fd(mu_a, loss));
  check.array("tally", at.get(), fd(tally0, loss));
  // Photons are reflected, transmitted and absorbed.
  const std::vector<double> t = run();
  check.expect(t[0] > 0.0 && t[1] > 0.0 && t[2] > 0.0, "all three tallies are positive");
  return check.finish();
}
