#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_flame_mol");
  const int nfront = 36, nsteps = 8;
  const double dt = 0.02;
  Rng rng(24212);
  // temperature table nodes 0.2, 0.4, ..., 1.6 (the profile stays inside, away from nodes)
  std::vector<double> tab_T(NT), table = rng.vec(NT, 0.5, 2.0), params = {4.0, 1.5, 0.7, 1.4};
  for (int i = 0; i < NT; ++i) tab_T[i] = 0.2 + 0.2 * i;
  std::vector<double> u0(nfront * NX);
  for (int f = 0; f < nfront; ++f)
    for (int j = 0; j < NX; ++j) u0[f * NX + j] = 0.35 + 1.0 * j / (NX - 1) + 0.03 * rng.uniform(-1, 1);
  auto run = [&](const std::vector<double>& u, const std::vector<double>& tb, const std::vector<double>& pr) {
    DeviceArray<double> du(u), dtT(tab_T), dtb(tb), dp(pr), dT(zeros<double>(nfront * NX));
    CUAD_LAUNCH(flame_mol, 2, 32, du.ptr, dtT.ptr, dtb.ptr, dp.ptr, dT.ptr, nsteps, dt, nfront);
    return dT.get();
  };
  // sanity: no value within 1e-3 of a table node during the run is checked by the FD step test
#if CUAD_OUTPUT == 2
  std::vector<double> w = rng.vec(nfront * NX);
  auto loss = [&] { return dot(w, run(u0, table, params)); };
  DeviceArray<double> du(u0), dtT(tab_T), dtb(table), dp(params), dT(zeros<double>(nfront * NX));
  DeviceArray<double> au(zeros<double>(nfront * NX)), atb(zeros<double>(NT)), ap(zeros<double>(4)), aT(w);
  CUAD_GRAD(CUAD_LAUNCH(flame_mol_grad_0_2_3_4, 2, 32, du.ptr, dtT.ptr, dtb.ptr, dp.ptr, dT.ptr, nsteps, dt, nfront,
                        au.ptr, atb.ptr, ap.ptr, aT.ptr));
  check.array("u0", au.get(), fd(u0, loss));
  check.array("table", atb.get(), fd(table, loss));
  check.array("params", ap.get(), fd(params, loss));
#else
  std::vector<double> vu = rng.vec(nfront * NX, -0.05, 0.05), vtb = rng.vec(NT, -0.3, 0.3), vp = {0.5, -0.2, 0.1, 0.05};
  std::vector<double> vtT = zeros<double>(NT);
#if CUAD_OUTPUT == 3
  vu = zeros<double>(nfront * NX);
  vtb = zeros<double>(NT);
#endif
  auto outputs_at = [&](double t) { return run(along(u0, t, vu), along(table, t, vtb), along(params, t, vp)); };
  DeviceArray<double> du(u0), dtT(tab_T), dtb(table), dp(params), dT(zeros<double>(nfront * NX));
  DeviceArray<double> tu(vu), ttT(vtT), ttb(vtb), tp(vp), tT(zeros<double>(nfront * NX));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(flame_mol_pushforward, 2, 32, du.ptr, dtT.ptr, dtb.ptr, dp.ptr, dT.ptr, nsteps, dt, nfront,
                        tu.ptr, ttT.ptr, ttb.ptr, tp.ptr, tT.ptr, 0.0));
#else
  CUAD_GRAD(CUAD_LAUNCH(flame_mol_pushforward_3_4, 2, 32, du.ptr, dtT.ptr, dtb.ptr, dp.ptr, dT.ptr, nsteps, dt, nfront,
                        tp.ptr, tT.ptr));
#endif
  check.array("uT", tT.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
