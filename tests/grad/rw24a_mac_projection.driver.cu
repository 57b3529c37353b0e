#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_mac_projection");
  Rng rng(24821);
  const int nx = 5, ny = 4, nu_ = (nx + 1) * ny, nv_ = nx * (ny + 1);
  const double dt_dx2 = 0.2, tol = 0.05;
  const int max_sweeps = 60;
  double nu = 0.3;
  std::vector<double> u = rng.vec(nu_), v = rng.vec(nv_);
  for (int j = 0; j < ny; ++j) u[j * (nx + 1)] = u[j * (nx + 1) + nx] = 0.0;
  for (int i = 0; i < nx; ++i) v[i] = v[ny * nx + i] = 0.0;
  const std::vector<double> wu = rng.vec(nu_), wv = rng.vec(nv_);
  int sweeps_seen = -1;
  auto loss = [&] {
    std::vector<double> uc = u, vc = v;
    sweeps_seen = mac_project(uc.data(), vc.data(), nu, dt_dx2, nx, ny, max_sweeps, tol);
    return dot(wu, uc) + dot(wv, vc);
  };
  loss();
  std::printf("sweeps: %d\n", sweeps_seen);
  check.expect(sweeps_seen > 4 && sweeps_seen < max_sweeps, "the residual test stops the sweeps early");
#if CUAD_OUTPUT == 1
  std::vector<double> uc = u, vc = v, gu = wu, gv = wv;
  double gnu = 0.0;
  CUAD_GRAD(mac_project_grad_0_1_2(uc.data(), vc.data(), nu, dt_dx2, nx, ny, max_sweeps, tol, gu.data(),
                                   gv.data(), &gnu));
  check.array("u", gu, fd(u, loss));
  check.array("v", gv, fd(v, loss));
  check.scalar("nu", gnu, fd(nu, loss));
#else
  const std::vector<double> vu0 = rng.vec(nu_), vv0 = rng.vec(nv_);
  std::vector<double> vu = vu0, vv = vv0;
  for (int j = 0; j < ny; ++j) vu[j * (nx + 1)] = vu[j * (nx + 1) + nx] = 0.0;
  for (int i = 0; i < nx; ++i) vv[i] = vv[ny * nx + i] = 0.0;
  const double vnu = 0.4;
  auto outputs_at = [&](double t) {
    std::vector<double> uc = along(u, t, vu), vc = along(v, t, vv);
    mac_project(uc.data(), vc.data(), along(nu, t, vnu), dt_dx2, nx, ny, max_sweeps, tol);
    uc.insert(uc.end(), vc.begin(), vc.end());
    return uc;
  };
  std::vector<double> uc = u, vc = v, tu = vu, tv = vv;
  int sweeps = sweeps_seen;
#if !defined(CUAD_SELFTEST)
  sweeps = mac_project_pushforward_0_1_2(uc.data(), vc.data(), nu, dt_dx2, nx, ny, max_sweeps, tol, tu.data(),
                                         tv.data(), vnu).value;
#endif
  check.expect(sweeps == sweeps_seen, "the pushforward's value is the sweep count");
  tu.insert(tu.end(), tv.begin(), tv.end());
  check.array("u, v tangent", tu, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
