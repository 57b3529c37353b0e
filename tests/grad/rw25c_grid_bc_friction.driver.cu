#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int ng = 10, nb = 2;

// The update in double, reporting the smallest distance of a branch to its switch.
static double margin_of(const std::vector<float>& mv, const std::vector<float>& m, const std::vector<float>& prm) {
  double margin = 1e9;
  for (int i = 0; i < ng; ++i)
    for (int j = 0; j < ng; ++j) {
      const int node = i * ng + j;
      if (m[node] <= 0.0f) continue;
      margin = std::fmin(margin, m[node]);
      double vx = mv[2 * node] / m[node], vy = mv[2 * node + 1] / m[node] - prm[0] * prm[1];
      auto wall = [&](double nx, double ny) {
        const double vn = vx * nx + vy * ny;
        margin = std::fmin(margin, std::fabs(vn));
        if (vn >= 0) return;
        const double tx = vx - vn * nx, ty = vy - vn * ny, tl = std::sqrt(tx * tx + ty * ty);
        const double s = 1.0 + prm[2] * vn / tl;
        margin = std::fmin(margin, std::fabs(s));
        margin = std::fmin(margin, 0.1 * tl);  // |vt| well away from 0: 1/|vt| is steep
        vx = tx * std::fmax(0.0, s), vy = ty * std::fmax(0.0, s);
      };
      if (i < nb) wall(1, 0);
      if (i >= ng - nb) wall(-1, 0);
      if (j >= ng - nb) wall(0, -1);
    }
  return margin;
}

int main() {
  Checker check("rw25c_grid_bc_friction");
  Rng rng(25303);
  const int nn = ng * ng;
  std::vector<float> mv(2 * nn), m(nn), prm = {0.05f, 9.8f, 0.4f};
  for (int tries = 0;; ++tries) {
    mv = rng.vec<float>(2 * nn, -2.0, 2.0);
    m = rng.vec<float>(nn, 0.3, 1.5);
    for (int k = 0; k < nn; k += 7) m[k] = 0.0f;  // empty nodes
    if (margin_of(mv, m, prm) > 0.03 || tries > 100000) break;
  }
  check.expect(margin_of(mv, m, prm) > 0.03, "branches away from their switches");
  auto bc_of = [&](const std::vector<float>& p) { return GridBC{p[0], p[1], p[2], nb}; };
  const dim3 block(4, 8), grid((ng + 3) / 4, (ng + 7) / 8);
  auto run = [&](const std::vector<float>& mv_, const std::vector<float>& m_, const std::vector<float>& p_) {
    DeviceArray<float> dmv(mv_), dm(m_);
    CUAD_LAUNCH(grid_update, grid, block, ng, dmv.ptr, dm.ptr, bc_of(p_));
    return dmv.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(2 * nn);
  auto loss = [&] { return dot(w, run(mv, m, prm)); };
  DeviceArray<float> dmv(mv), dm(m), amv(w), am(zeros<float>(nn));
  DeviceArray<GridBC> abc(std::vector<GridBC>{GridBC{0.f, 0.f, 0.f, 0}});
  CUAD_GRAD(CUAD_LAUNCH(grid_update_grad_1_2_3, grid, block, ng, dmv.ptr, dm.ptr, bc_of(prm), amv.ptr, am.ptr,
                        abc.ptr));
  check.array("grid_mv", amv.get(), fd(mv, loss));
  // empty nodes (m = 0) sit on the m > 0 switch: their adjoint must be 0, the others by fd
  std::vector<float> am_h = am.get();
  std::vector<double> fd_m(nn, 0.0);
  for (int k = 0; k < nn; ++k)
    if (m[k] > 0.0f) fd_m[k] = fd(m[k], loss);
  check.array("grid_m", am_h, fd_m);
  const GridBC g = abc.get()[0];
  check.array("bc", std::vector<float>{g.dt, g.gravity, g.friction}, fd(prm, loss));
#else
  const std::vector<float> vmv = rng.vec<float>(2 * nn), vp = {0.01f, 0.5f, -0.2f};
  std::vector<float> vm = rng.vec<float>(nn, -0.1, 0.1);
  for (int k = 0; k < nn; ++k)
    if (m[k] == 0.0f) vm[k] = 0.0f;  // empty nodes stay empty
  auto outputs_at = [&](double t) { return as_doubles(run(along(mv, t, vmv), along(m, t, vm), along(prm, t, vp))); };
  DeviceArray<float> dmv(mv), dm(m), tmv(vmv), tm(vm);
  CUAD_GRAD(CUAD_LAUNCH(grid_update_pushforward, grid, block, ng, dmv.ptr, dm.ptr, bc_of(prm), tmv.ptr,
                        tm.ptr, bc_of(vp)));
  check.array("grid tangent", as_doubles(tmv.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("grid value", dmv.get(), as_doubles(run(mv, m, prm)));
#endif
#endif
  return check.finish();
}
