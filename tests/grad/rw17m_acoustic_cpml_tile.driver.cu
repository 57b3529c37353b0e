#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17m_acoustic_cpml_tile");
  const int nx = 13, nz = 11, m = nx * nz;  // partial tiles on both axes
  const double dt = 0.3, h = 1.0;
  Rng rng(1711);
  std::vector<double> p = rng.vec(m), psx = rng.vec(m, -0.2, 0.2), psz = rng.vec(m, -0.2, 0.2), vx = rng.vec(m),
                      vz = rng.vec(m), kappa = rng.vec(m, 0.8, 1.6);
  std::vector<double> bx = rng.vec(nx, 0.5, 1.0), ax = rng.vec(nx, -0.3, 0.0), bz = rng.vec(nz, 0.5, 1.0),
                      az = rng.vec(nz, -0.3, 0.0);
  std::vector<double> wp = rng.vec(m), wx = rng.vec(m), wz = rng.vec(m);
  DeviceArray<double> dbx(bx), dax(ax), dbz(bz), daz(az);
  Cpml pml{dbx.ptr, dax.ptr, dbz.ptr, daz.ptr};
  dim3 grid((nx + TX - 1) / TX, (nz + TZ - 1) / TZ), block(TX, TZ);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dp(p), dsx(psx), dsz(psz), dvx(vx), dvz(vz), dk(kappa);
    Fields f{dp.ptr, dsx.ptr, dsz.ptr, dvx.ptr, dvz.ptr};
    CUAD_LAUNCH(pressure_update, grid, block, f, dk.ptr, pml, dt, h, nx, nz);
    return dot(wp, dp.get()) + dot(wx, dsx.get()) + dot(wz, dsz.get());
  };
  DeviceArray<double> dp(p), dsx(psx), dsz(psz), dvx(vx), dvz(vz), dk(kappa);
  DeviceArray<double> ap(wp), asx(wx), asz(wz), avx(zeros<double>(m)), avz(zeros<double>(m)), ak(zeros<double>(m));
  Fields f{dp.ptr, dsx.ptr, dsz.ptr, dvx.ptr, dvz.ptr};
  DeviceScalar<Fields> af(Fields{ap.ptr, asx.ptr, asz.ptr, avx.ptr, avz.ptr});  // the struct's adjoint lives in device memory
  CUAD_GRAD(CUAD_LAUNCH(pressure_update_grad_0_1, grid, block, f, dk.ptr, pml, dt, h, nx, nz, af.ptr, ak.ptr));
  check.array("p", ap.get(), fd(p, loss));
  check.array("psi_x", asx.get(), fd(psx, loss));
  check.array("psi_z", asz.get(), fd(psz, loss));
  check.array("vx", avx.get(), fd(vx, loss));
  check.array("vz", avz.get(), fd(vz, loss));
  check.array("kappa", ak.get(), fd(kappa, loss));
#else
  std::vector<double> vp = rng.vec(m), vsx = rng.vec(m), vsz = rng.vec(m), vvx = rng.vec(m), vvz = rng.vec(m), vk = rng.vec(m, -0.3, 0.3);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dp(along(p, t, vp)), dsx(along(psx, t, vsx)), dsz(along(psz, t, vsz)), dvx(along(vx, t, vvx)),
        dvz(along(vz, t, vvz)), dk(along(kappa, t, vk));
    Fields f{dp.ptr, dsx.ptr, dsz.ptr, dvx.ptr, dvz.ptr};
    CUAD_LAUNCH(pressure_update, grid, block, f, dk.ptr, pml, dt, h, nx, nz);
    std::vector<double> o = dp.get(), a = dsx.get(), b = dsz.get();
    o.insert(o.end(), a.begin(), a.end());
    o.insert(o.end(), b.begin(), b.end());
    return o;
  };
  DeviceArray<double> dp(p), dsx(psx), dsz(psz), dvx(vx), dvz(vz), dk(kappa);
  DeviceArray<double> tp(vp), tsx(vsx), tsz(vsz), tvx(vvx), tvz(vvz), tk(vk);
  Fields f{dp.ptr, dsx.ptr, dsz.ptr, dvx.ptr, dvz.ptr}, tf{tp.ptr, tsx.ptr, tsz.ptr, tvx.ptr, tvz.ptr};
  CUAD_GRAD(CUAD_LAUNCH(pressure_update_pushforward_0_1, grid, block, f, dk.ptr, pml, dt, h, nx, nz, tf, tk.ptr));
  std::vector<double> o = tp.get(), a = tsx.get(), b = tsz.get();
  o.insert(o.end(), a.begin(), a.end());
  o.insert(o.end(), b.begin(), b.end());
  check.array("p, psi", o, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
