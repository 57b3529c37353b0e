#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_p2g3d_helper");
  Rng rng(25311);
  const int n = 40, tiles = NGRID / TILE, nb = tiles * tiles * tiles, nn = NGRID * NGRID * NGRID;
  const float dx = 1.0f / NGRID, p_mass = 0.7f;
  // positions whose base node (floor(x/dx - 0.5)) stays 0.1 cell away from switching, and whose
  // stencil fits in the grid: base in [0, NGRID - 3]
  std::vector<float> x(3 * n), v = rng.vec<float>(3 * n, -1.0, 1.0), C = rng.vec<float>(9 * n, -3.0, 3.0);
  std::vector<std::vector<int>> bins(nb);
  for (int p = 0; p < n; ++p) {
    int b[3];
    for (int d = 0; d < 3; ++d) {
      b[d] = (int)rng.uniform(0.0, NGRID - 2.0);
      x[3 * p + d] = (float)((b[d] + 0.5 + rng.uniform(0.1, 0.9)) * dx);
    }
    const int tile = ((b[0] / TILE) * tiles + b[1] / TILE) * tiles + b[2] / TILE;
    bins[tile].push_back(p);
  }
  std::vector<int> bin_start(nb + 1, 0), pid;
  for (int t = 0; t < nb; ++t) {
    for (int p : bins[t]) pid.push_back(p);
    bin_start[t + 1] = (int)pid.size();
  }
  const std::vector<float> gm0 = rng.vec<float>(nn, 0.0, 0.2), gmv0 = rng.vec<float>(3 * nn, -0.2, 0.2);
  auto run = [&](const std::vector<float>& x_, const std::vector<float>& v_, const std::vector<float>& C_,
                 const std::vector<float>& gm_, const std::vector<float>& gmv_) {
    DeviceArray<int> dbs(bin_start), dpid(pid);
    DeviceArray<float> dx_(x_), dv(v_), dC(C_), dgm(gm_), dgmv(gmv_);
    CUAD_LAUNCH(p2g_block_local, nb, 64, dbs.ptr, dpid.ptr, dx_.ptr, dv.ptr, dC.ptr, dx, p_mass, dgm.ptr, dgmv.ptr);
    std::vector<float> out = dgm.get(), q = dgmv.get();
    out.insert(out.end(), q.begin(), q.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(4 * nn);
  auto loss = [&] { return dot(w, run(x, v, C, gm0, gmv0)); };
  DeviceArray<int> dbs(bin_start), dpid(pid);
  DeviceArray<float> dx_(x), dv(v), dC(C), dgm(gm0), dgmv(gmv0), gx(zeros<float>(3 * n)), gv(zeros<float>(3 * n)),
      gC(zeros<float>(9 * n)), ggm(std::vector<float>(w.begin(), w.begin() + nn)),
      ggmv(std::vector<float>(w.begin() + nn, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(p2g_block_local_grad_2_3_4_7_8, nb, 64, dbs.ptr, dpid.ptr, dx_.ptr, dv.ptr, dC.ptr, dx,
                        p_mass, dgm.ptr, dgmv.ptr, gx.ptr, gv.ptr, gC.ptr, ggm.ptr, ggmv.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.array("C", gC.get(), fd(C, loss));
  // the grid is only added to: its adjoint passes the seed through (checked on every 5th node)
  std::vector<float> gm = gm0, gmv = gmv0;
  auto loss2 = [&] { return dot(w, run(x, v, C, gm, gmv)); };
  std::vector<float> a = ggm.get(), b = ggmv.get(), as, bs;
  std::vector<double> fa, fb;
  for (int k = 0; k < nn; k += 5) as.push_back(a[k]), fa.push_back(fd(gm[k], loss2));
  for (int k = 0; k < 3 * nn; k += 7) bs.push_back(b[k]), fb.push_back(fd(gmv[k], loss2));
  check.array("grid_m (every 5th)", as, fa);
  check.array("grid_mv (every 7th)", bs, fb);
#else
  const std::vector<float> vx = rng.vec<float>(3 * n, -0.01, 0.01), vv = rng.vec<float>(3 * n),
                           vC = rng.vec<float>(9 * n), vgm = rng.vec<float>(nn), vgmv = rng.vec<float>(3 * nn);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(x, t, vx), along(v, t, vv), along(C, t, vC), along(gm0, t, vgm), along(gmv0, t, vgmv)));
  };
  DeviceArray<int> dbs(bin_start), dpid(pid);
  DeviceArray<float> dx_(x), dv(v), dC(C), dgm(gm0), dgmv(gmv0), tx(vx), tv(vv), tC(vC), tgm(vgm), tgmv(vgmv);
  CUAD_GRAD(CUAD_LAUNCH(p2g_block_local_pushforward_2_3_4_7_8, nb, 64, dbs.ptr, dpid.ptr, dx_.ptr, dv.ptr, dC.ptr, dx, p_mass,
                        dgm.ptr, dgmv.ptr, tx.ptr, tv.ptr, tC.ptr, tgm.ptr, tgmv.ptr));
  std::vector<float> tan = tgm.get(), q = tgmv.get();
  tan.insert(tan.end(), q.begin(), q.end());
  check.array("grid tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
