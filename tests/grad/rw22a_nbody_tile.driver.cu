#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_nbody_tile");
  const int n = 37, blocks = (n + TILE - 1) / TILE;  // 3 blocks and 3 tiles, the last of 5
  Rng rng(22109);
  std::vector<double> pos = rng.vec(3 * n), mass = rng.vec(n, 0.2, 1.0), acc = rng.vec(3 * n),
                      phi = rng.vec(n);
  const std::vector<double> wa = rng.vec(3 * n), wp = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dpos(pos), dm(mass), da(acc), dphi(phi);
    CUAD_LAUNCH(nbody_accel, blocks, TILE, dpos.ptr, dm.ptr, da.ptr, dphi.ptr, n);
    return dot(wa, da.get()) + dot(wp, dphi.get());
  };
  DeviceArray<double> dpos(pos), dm(mass), da(acc), dphi(phi), apos(zeros<double>(3 * n)),
      am(zeros<double>(n)), aa(wa), aphi(wp);
  CUAD_GRAD(CUAD_LAUNCH(nbody_accel_grad_0_1_2_3, blocks, TILE, dpos.ptr, dm.ptr, da.ptr,
                        dphi.ptr, n, apos.ptr, am.ptr, aa.ptr, aphi.ptr));
  check.array("pos", apos.get(), fd(pos, loss));
  check.array("mass", am.get(), fd(mass, loss));
  check.array("acc", aa.get(), zeros<double>(3 * n));
  check.array("phi", aphi.get(), zeros<double>(n));
#else
  const std::vector<double> vpos = rng.vec(3 * n), vm = rng.vec(n, -0.5, 0.5);
  auto run = [&](const std::vector<double>& p, const std::vector<double>& m) {
    DeviceArray<double> dpos(p), dm(m), da(acc), dphi(phi);
    CUAD_LAUNCH(nbody_accel, blocks, TILE, dpos.ptr, dm.ptr, da.ptr, dphi.ptr, n);
    std::vector<double> o = da.get(), ph = dphi.get();
    o.insert(o.end(), ph.begin(), ph.end());
    return o;
  };
  auto outputs_at = [&](double t) { return run(along(pos, t, vpos), along(mass, t, vm)); };
  DeviceArray<double> dpos(pos), dm(mass), da(acc), dphi(phi), tpos(vpos), tm(vm),
      ta(3 * n, 7.0), tphi(n, 7.0);
  CUAD_GRAD(CUAD_LAUNCH(nbody_accel_pushforward, blocks, TILE, dpos.ptr, dm.ptr, da.ptr, dphi.ptr,
                        n, tpos.ptr, tm.ptr, ta.ptr, tphi.ptr));
  std::vector<double> tang = ta.get(), tp = tphi.get();
  tang.insert(tang.end(), tp.begin(), tp.end());
  check.array("acc, phi tangent", tang, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = da.get(), vp = dphi.get();
  val.insert(val.end(), vp.begin(), vp.end());
  check.array("acc, phi value", val, run(pos, mass));
#endif
#endif
  return check.finish();
}
