#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_yee2d_tile");
  Rng rng(25202);
  const int nx = 13, ny = 11, m = nx * ny;
  const float dtdx = 0.45f;
  const dim3 grid(2, 2), block(TX, TY);
  std::vector<float> ez = rng.vec<float>(m), hx = rng.vec<float>(m), hy = rng.vec<float>(m),
                     px = rng.vec<float>(m, -0.3, 0.3), py = rng.vec<float>(m, -0.3, 0.3),
                     ie = rng.vec<float>(m, 0.25, 1.0);
  auto run = [&](const std::vector<float>& e0, const std::vector<float>& x0, const std::vector<float>& y0,
                 const std::vector<float>& p0, const std::vector<float>& q0, const std::vector<float>& i0) {
    DeviceArray<float> de(e0), dx(x0), dy(y0), dp(p0), dq(q0), di(i0);
    YeeFields f{de.ptr, dx.ptr, dy.ptr, dp.ptr, dq.ptr};
    CUAD_LAUNCH(update_ez, grid, block, f, di.ptr, nx, ny, dtdx);
    std::vector<float> out = de.get(), a = dp.get(), b = dq.get();
    out.insert(out.end(), a.begin(), a.end());
    out.insert(out.end(), b.begin(), b.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> we = rng.vec<float>(m), wp = rng.vec<float>(m), wq = rng.vec<float>(m);
  std::vector<float> w = we;
  w.insert(w.end(), wp.begin(), wp.end());
  w.insert(w.end(), wq.begin(), wq.end());
  auto loss = [&] { return dot(w, run(ez, hx, hy, px, py, ie)); };
  DeviceArray<float> de(ez), dx(hx), dy(hy), dp(px), dq(py), di(ie);
  DeviceArray<float> ae(we), ax(zeros<float>(m)), ay(zeros<float>(m)), ap(wp), aq(wq), ai(zeros<float>(m));
  YeeFields f{de.ptr, dx.ptr, dy.ptr, dp.ptr, dq.ptr};
  DeviceScalar<YeeFields> af(YeeFields{ae.ptr, ax.ptr, ay.ptr, ap.ptr, aq.ptr});
  CUAD_GRAD(CUAD_LAUNCH(update_ez_grad_0_1, grid, block, f, di.ptr, nx, ny, dtdx, af.ptr, ai.ptr));
  check.array("ez", ae.get(), fd(ez, loss));
  check.array("hx", ax.get(), fd(hx, loss));
  check.array("hy", ay.get(), fd(hy, loss));
  check.array("psi_x", ap.get(), fd(px, loss));
  check.array("psi_y", aq.get(), fd(py, loss));
  check.array("inv_eps", ai.get(), fd(ie, loss));
#else
  const std::vector<float> ve = rng.vec<float>(m), vx = rng.vec<float>(m), vy = rng.vec<float>(m),
                           vp = rng.vec<float>(m), vq = rng.vec<float>(m), vi = rng.vec<float>(m);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(ez, t, ve), along(hx, t, vx), along(hy, t, vy), along(px, t, vp),
                          along(py, t, vq), along(ie, t, vi)));
  };
  DeviceArray<float> de(ez), dx(hx), dy(hy), dp(px), dq(py), di(ie);
  DeviceArray<float> te(ve), tx(vx), ty(vy), tp(vp), tq(vq), ti(vi);
  YeeFields f{de.ptr, dx.ptr, dy.ptr, dp.ptr, dq.ptr}, tf{te.ptr, tx.ptr, ty.ptr, tp.ptr, tq.ptr};
  CUAD_GRAD(CUAD_LAUNCH(update_ez_pushforward_0_1, grid, block, f, di.ptr, nx, ny, dtdx, tf, ti.ptr));
  std::vector<float> got = te.get(), a = tp.get(), b = tq.get();
  got.insert(got.end(), a.begin(), a.end());
  got.insert(got.end(), b.begin(), b.end());
  check.array("tangents", as_doubles(got), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
