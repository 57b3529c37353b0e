#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17m_mcrt_hash");
  const int nl = 6, nphot = 96;
  const double mu0 = 0.8;
  Slab slab{nl, 0.4};
  Rng rng(1708);
  std::vector<double> kext = rng.vec(nl, 0.5, 1.5), omega = rng.vec(nl, 0.6, 0.95);
  std::vector<double> wr = rng.vec(NDET), wa = rng.vec(nl);
  auto loss = [&] {
    DeviceArray<double> dk(kext), dw(omega), dr(zeros<double>(NDET)), da(zeros<double>(nl));
    CUAD_LAUNCH(mcrt_slab, 2, 32, dk.ptr, dw.ptr, slab, dr.ptr, da.ptr, nphot, mu0);
    return dot(wr, dr.get()) + dot(wa, da.get());
  };
  DeviceArray<double> dk(kext), dw(omega), dr(zeros<double>(NDET)), da(zeros<double>(nl));
  DeviceArray<double> ak(zeros<double>(nl)), aw(zeros<double>(nl)), ar(wr), aa(wa);
  CUAD_GRAD(CUAD_LAUNCH(mcrt_slab_grad_0_1_3_4, 2, 32, dk.ptr, dw.ptr, slab, dr.ptr, da.ptr, nphot, mu0, ak.ptr, aw.ptr, ar.ptr, aa.ptr));
  check.array("kext", ak.get(), fd(kext, loss));
  check.array("omega", aw.get(), fd(omega, loss));
  return check.finish();
}
