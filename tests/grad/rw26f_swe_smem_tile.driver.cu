#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#define PRIMAL swe_tile_step<8, 4>
#define GRAD swe_tile_step_grad_1_2_3_4_5_6_7_8<8, 4>
#define PUSH swe_tile_step_pushforward<8, 4>

int main() {
  Checker check("rw26f_swe_smem_tile");
  Rng rng(26612);
  SweGrid g{20, 11, 2.0e4, 2.0e4, 60.0, 9.81, 40.0, Bc::Wall};
  const int n = g.nx * g.ny;
  std::vector<double> h = rng.vec(n, -0.5, 0.5), u = rng.vec(n, -0.2, 0.2), v = rng.vec(n, -0.2, 0.2);
  double drag = 1e-4;
  const std::vector<double> e0 = {3.0};
  dim3 block(8, 4), grid((g.nx + 7) / 8, (g.ny + 3) / 4);
  auto run = [&](const SweGrid& g, const std::vector<double>& hh, const std::vector<double>& uu, const std::vector<double>& vv, double dr,
                 const std::vector<double>& ee) {
    DeviceArray<double> dh(hh), du(uu), dv(vv), dhn(zeros<double>(n)), dun(zeros<double>(n)), dvn(zeros<double>(n)),
        de(ee);
    CUAD_LAUNCH(PRIMAL, grid, block, g, dh.ptr, du.ptr, dv.ptr, dr, dhn.ptr, dun.ptr, dvn.ptr, de.ptr);
    std::vector<double> o = dhn.get(), a = dun.get(), b = dvn.get(), c = de.get();
    o.insert(o.end(), a.begin(), a.end());
    o.insert(o.end(), b.begin(), b.end());
    o.insert(o.end(), c.begin(), c.end());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wh = rng.vec(n), wu = rng.vec(n), wv = rng.vec(n), we = {0.01};
  std::vector<double> e = e0;
  auto loss = [&] {
    std::vector<double> o = run(g, h, u, v, drag, e), w = wh;
    w.insert(w.end(), wu.begin(), wu.end());
    w.insert(w.end(), wv.begin(), wv.end());
    w.insert(w.end(), we.begin(), we.end());
    return dot(w, o);
  };
  DeviceArray<double> dh(h), du(u), dv(v), dhn(zeros<double>(n)), dun(zeros<double>(n)), dvn(zeros<double>(n)), de(e0),
      gh(zeros<double>(n)), gu(zeros<double>(n)), gv(zeros<double>(n)), ghn(wh), gun(wu), gvn(wv), ge(we);
  DeviceScalar<double> gdrag(0.0);
  CUAD_GRAD(CUAD_LAUNCH(GRAD, grid, block, g, dh.ptr, du.ptr, dv.ptr, drag, dhn.ptr, dun.ptr, dvn.ptr, de.ptr, gh.ptr,
                        gu.ptr, gv.ptr, gdrag.ptr, ghn.ptr, gun.ptr, gvn.ptr, ge.ptr));
  check.array("h", gh.get(), fd(h, loss));
  check.array("u", gu.get(), fd(u, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.scalar("drag", gdrag.value(), fd(drag, loss));
  check.array("energy", ge.get(), fd(e, loss));
  check.array("hn", ghn.get(), zeros<double>(n));
#elif CUAD_OUTPUT == 3
  const std::vector<double> wh = rng.vec(n), wu = rng.vec(n), wv = rng.vec(n), we = {0.01};
  std::vector<double> e = e0;
  SweGrid gp = g;
  auto loss = [&] {
    std::vector<double> o = run(gp, h, u, v, drag, e), w = wh;
    w.insert(w.end(), wu.begin(), wu.end());
    w.insert(w.end(), wv.begin(), wv.end());
    w.insert(w.end(), we.begin(), we.end());
    return dot(w, o);
  };
  DeviceArray<double> dh(h), du(u), dv(v), dhn(zeros<double>(n)), dun(zeros<double>(n)), dvn(zeros<double>(n)), de(e0),
      gh(zeros<double>(n)), ghn(wh), gun(wu), gvn(wv), ge(we);
  SweGrid zero_g{0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, Bc::Wall};
  std::vector<SweGrid> hg = {zero_g};
  DeviceArray<SweGrid> dg(hg);
  CUAD_GRAD(CUAD_LAUNCH((swe_tile_step_grad_0_1_5_6_7_8<8, 4>), grid, block, g, dh.ptr, du.ptr, dv.ptr, drag, dhn.ptr,
                        dun.ptr, dvn.ptr, de.ptr, dg.ptr, gh.ptr, ghn.ptr, gun.ptr, gvn.ptr, ge.ptr));
  const SweGrid ag = dg.get()[0];
  check.array("h", gh.get(), fd(h, loss));
  check.scalar("dx", ag.dx, fd(gp.dx, loss));
  check.scalar("dy", ag.dy, fd(gp.dy, loss));
  check.scalar("dt", ag.dt, fd(gp.dt, loss));
  check.scalar("grav", ag.grav, fd(gp.grav, loss));
  check.scalar("depth", ag.depth, fd(gp.depth, loss));
#else
  const std::vector<double> vh = rng.vec(n), vu = rng.vec(n), vv = rng.vec(n), ve = {0.5};
  const double vd = 3e-5;
  // tangents of the grid's real fields too (dx, dy, dt, grav, depth)
  const SweGrid vg{0, 0, 300.0, -200.0, 2.0, 0.1, 3.0, Bc::Wall};
  auto outputs_at = [&](double t) {
    SweGrid gt = g;
    gt.dx = along(g.dx, t, vg.dx);
    gt.dy = along(g.dy, t, vg.dy);
    gt.dt = along(g.dt, t, vg.dt);
    gt.grav = along(g.grav, t, vg.grav);
    gt.depth = along(g.depth, t, vg.depth);
    return run(gt, along(h, t, vh), along(u, t, vu), along(v, t, vv), along(drag, t, vd), along(e0, t, ve));
  };
  DeviceArray<double> dh(h), du(u), dv(v), dhn(zeros<double>(n)), dun(zeros<double>(n)), dvn(zeros<double>(n)), de(e0),
      th(vh), tu(vu), tv(vv), thn(zeros<double>(n)), tun(zeros<double>(n)), tvn(zeros<double>(n)), te(ve);
  CUAD_GRAD(CUAD_LAUNCH(PUSH, grid, block, g, dh.ptr, du.ptr, dv.ptr, drag, dhn.ptr, dun.ptr, dvn.ptr, de.ptr, vg, th.ptr,
                        tu.ptr, tv.ptr, vd, thn.ptr, tun.ptr, tvn.ptr, te.ptr));
  std::vector<double> o = thn.get(), a = tun.get(), b = tvn.get(), c = te.get();
  o.insert(o.end(), a.begin(), a.end());
  o.insert(o.end(), b.begin(), b.end());
  o.insert(o.end(), c.begin(), c.end());
  check.array("tangent", o, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
