#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_var3d_cost");
  Rng rng(26608);
  GridDesc g{20, 14, -10.0, 40.0, 0.5, 0.5};
  const int n = g.nx * g.ny, nobs = 90;
  std::vector<double> xb(n), xa(n);
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      xb[j * g.nx + i] = 285.0 + 5.0 * std::sin(0.3 * i) * std::cos(0.4 * j);
      xa[j * g.nx + i] = xb[j * g.nx + i] + rng.uniform(-1.0, 1.0);
    }
  std::vector<double> ox(nobs), oy(nobs), yo(nobs), so(nobs);
  const double hc = 1.5;
  int outer = 0;
  for (int k = 0; k < nobs; ++k) {
    // inside the grid, off the grid lines
    const double fi = rng.uniform(0.05, g.nx - 1.05), fj = rng.uniform(0.05, g.ny - 1.05);
    ox[k] = g.x0 + fi * g.dx;
    oy[k] = g.y0 + fj * g.dy;
    so[k] = rng.uniform(0.5, 1.5);
    // innovation normalised away from the Huber threshold
    const int i = (int)fi, j = (int)fj;
    const double a = fi - i, b = fj - j;
    const double hx = (1 - a) * (1 - b) * xa[j * g.nx + i] + a * (1 - b) * xa[j * g.nx + i + 1] +
                      (1 - a) * b * xa[(j + 1) * g.nx + i] + a * b * xa[(j + 1) * g.nx + i + 1];
    double r;
    do r = rng.uniform(-3.5, 3.5); while (std::fabs(std::fabs(r) - hc) < 0.1 || std::fabs(r) < 0.05);
    outer += std::fabs(r) > hc;
    yo[k] = hx + r * so[k];
  }
  check.expect(outer > 10, "some observations in the linear Huber branch");
#if CUAD_OUTPUT == 1
  double sb = 1.3;
  const double L = 0.8;
  auto loss = [&] { return var3d_cost(g, xa.data(), xb.data(), nobs, ox.data(), oy.data(), yo.data(), so.data(), sb, L, hc); };
  std::vector<double> gxa(n, 0.0), gxb(n, 0.0), gyo(nobs, 0.0);
  double gsb = 0.0;
  CUAD_GRAD(var3d_cost_grad_1_2_6_8(g, xa.data(), xb.data(), nobs, ox.data(), oy.data(), yo.data(), so.data(), sb,
                                    L, hc, gxa.data(), gxb.data(), gyo.data(), &gsb));
  check.array("xa", gxa, fd(xa, loss));
  check.array("xb", gxb, fd(xb, loss));
  check.array("yo", gyo, fd(yo, loss));
  check.scalar("sigma_b", gsb, fd(sb, loss));
#else
  DeviceArray<double> d_ox(ox), d_oy(oy), d_so(so);
  const std::vector<double> vxa = rng.vec(n), vyo = rng.vec(nobs), vj = {0.7};
  const std::vector<double> j0 = {0.25};
  auto outputs_at = [&](double t) {
    DeviceArray<double> dxa(along(xa, t, vxa)), dyo(along(yo, t, vyo)), dj(along(j0, t, vj));
    CUAD_LAUNCH(obs_term, 2, 64, g, nobs, d_ox.ptr, d_oy.ptr, dyo.ptr, d_so.ptr, dxa.ptr, hc, dj.ptr);
    return dj.get();
  };
  DeviceArray<double> dxa(xa), dyo(yo), dj(j0), txa(vxa), tyo(vyo), tj(vj);
  CUAD_GRAD(CUAD_LAUNCH(obs_term_pushforward_4_6_8, 2, 64, g, nobs, d_ox.ptr, d_oy.ptr, dyo.ptr, d_so.ptr, dxa.ptr,
                        hc, dj.ptr, tyo.ptr, txa.ptr, tj.ptr));
  check.array("jo tangent", tj.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
