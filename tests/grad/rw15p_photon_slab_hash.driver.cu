#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw15p_photon_slab_hash");
  const int nph = 80, nbins = 8;  // 80 photons: 3 blocks of 32, a partial last one
  const double thickness = 1.5;
  Optics opt{0.6, 2.4};
  Rng rng(15061);
  std::vector<double> ab0 = zeros<double>(nbins), w = rng.vec(nbins);
  double r0 = 0.0, t0 = 0.0, wr = 0.7, wt = -0.4;
  auto loss = [&] {
    DeviceArray<double> dab(ab0);
    DeviceScalar<double> dr(r0), dt(t0);
    CUAD_LAUNCH(photon_slab, 3, 32, opt, thickness, nbins, dab.ptr, dr.ptr, dt.ptr, nph, 17u);
    return dot(w, dab.get()) + wr * dr.value() + wt * dt.value();
  };
  DeviceArray<double> dab(ab0), aab(w);
  DeviceScalar<double> dr(r0), dt(t0), ar(wr), at(wt);
  DeviceArray<Optics> aopt(std::vector<Optics>{Optics{0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(photon_slab_grad_0_3_4_5, 3, 32, opt, thickness, nbins, dab.ptr, dr.ptr,
                        dt.ptr, nph, 17u, aopt.ptr, aab.ptr, ar.ptr, at.ptr));
  Optics g = aopt.get()[0];
  check.scalar("mu_a", g.mu_a, fd(opt.mu_a, loss));
  check.scalar("mu_s", g.mu_s, fd(opt.mu_s, loss));
  check.array("absorbed", aab.get(), fd(ab0, loss));
  check.scalar("refl", ar.value(), fd(r0, loss));
  check.scalar("trans", at.value(), fd(t0, loss));
  return check.finish();
}
