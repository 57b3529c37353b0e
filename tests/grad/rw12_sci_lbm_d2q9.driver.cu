#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_lbm_d2q9");
  const int nx = 12, ny = 10, nxy = nx * ny;  // partial blocks in both directions
  const dim3 block(8, 4), grid((nx + 7) / 8, (ny + 3) / 4);
  double omega = 1.3, force = 1e-3 * 5;
  const double w9[9] = {4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
  Rng rng(1204);
  std::vector<double> fin(9 * nxy);
  for (int q = 0; q < 9; ++q)
    for (int i = 0; i < nxy; ++i) fin[q * nxy + i] = w9[q] * (1.0 + 0.1 * rng.uniform(-1, 1));
  std::vector<double> fout0 = rng.vec(9 * nxy), rho0 = rng.vec(nxy), ux0 = rng.vec(nxy);
#if CUAD_OUTPUT == 1
  std::vector<double> wf = rng.vec(9 * nxy), wr = rng.vec(nxy), wu = rng.vec(nxy);
  auto loss = [&] {
    DeviceArray<double> dfi(fin), dfo(fout0), dr(rho0), du(ux0);
    CUAD_LAUNCH(lbm_stream_collide, grid, block, dfi.ptr, dfo.ptr, dr.ptr, du.ptr, omega, force,
                nx, ny);
    return dot(wf, dfo.get()) + dot(wr, dr.get()) + dot(wu, du.get());
  };
  DeviceArray<double> dfi(fin), dfo(fout0), dr(rho0), du(ux0), afi(zeros<double>(9 * nxy)),
      afo(wf), ar(wr), au(wu);
  DeviceScalar<double> aom(0.0);
  CUAD_GRAD(CUAD_LAUNCH(lbm_stream_collide_grad_0_1_2_3_4, grid, block, dfi.ptr, dfo.ptr, dr.ptr,
                        du.ptr, omega, force, nx, ny, afi.ptr, afo.ptr, ar.ptr, au.ptr, aom.ptr));
  check.array("fin", afi.get(), fd(fin, loss));
  check.array("fout", afo.get(), std::vector<double>(9 * nxy, 0.0));
  check.array("rho", ar.get(), std::vector<double>(nxy, 0.0));
  check.array("ux", au.get(), std::vector<double>(nxy, 0.0));
  check.scalar("omega", aom.value(), fd(omega, loss));
#else
  std::vector<double> vfin = rng.vec(9 * nxy, -0.05, 0.05);
  const double vom = 0.7, vforce = -0.4;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dfi(along(fin, t, vfin)), dfo(fout0), dr(rho0), du(ux0);
    CUAD_LAUNCH(lbm_stream_collide, grid, block, dfi.ptr, dfo.ptr, dr.ptr, du.ptr,
                along(omega, t, vom), along(force, t, vforce), nx, ny);
    std::vector<double> out = dfo.get(), r = dr.get(), u = du.get();
    out.insert(out.end(), r.begin(), r.end());
    out.insert(out.end(), u.begin(), u.end());
    return out;
  };
  DeviceArray<double> dfi(fin), dfo(fout0), dr(rho0), du(ux0), tfi(vfin),
      tfo(9 * nxy, 3.0), tr(nxy, 3.0), tu(nxy, 3.0);
  CUAD_GRAD(CUAD_LAUNCH(lbm_stream_collide_pushforward, grid, block, dfi.ptr, dfo.ptr, dr.ptr,
                        du.ptr, omega, force, nx, ny, tfi.ptr, tfo.ptr, tr.ptr, tu.ptr, vom,
                        vforce));
  std::vector<double> got = tfo.get(), gr = tr.get(), gu = tu.get();
  got.insert(got.end(), gr.begin(), gr.end());
  got.insert(got.end(), gu.begin(), gu.end());
  check.array("fout, rho, ux", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
