#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_ln_welford");
  Rng rng(24303);
  const float eps = 1e-5f;
  // cols = 20: twelve lanes see no column; cols = 45: two passes for some lanes
  const int shapes[2][2] = {{3, 20}, {5, 45}};
  for (int sidx = 0; sidx < 2; ++sidx) {
    const int rows = shapes[sidx][0], cols = shapes[sidx][1], n = rows * cols;
    const std::string L = "shape" + std::to_string(sidx) + " ";
    std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), gamma = rng.vec<float>(cols, 0.5, 1.5),
                       beta = rng.vec<float>(cols), y = rng.vec<float>(n), mo = rng.vec<float>(rows),
                       ro = rng.vec<float>(rows);
    const int blocks = (rows + 1) / 2;
    auto run = [&](const std::vector<float>& xv, const std::vector<float>& gv, const std::vector<float>& bv) {
      DeviceArray<float> dx(xv), dg(gv), db(bv), dy(y), dm(mo), dr(ro);
      CUAD_LAUNCH(layernorm_welford, blocks, 64, dx.ptr, dg.ptr, db.ptr, dy.ptr, dm.ptr, dr.ptr, rows, cols, eps);
      std::vector<float> o = dy.get(), a = dm.get(), b = dr.get();
      o.insert(o.end(), a.begin(), a.end());
      o.insert(o.end(), b.begin(), b.end());
      return o;
    };
#if CUAD_OUTPUT == 1
    const std::vector<float> wy = rng.vec<float>(n), wm = rng.vec<float>(rows), wr = rng.vec<float>(rows, -0.2, 0.2);
    std::vector<float> w = wy;
    w.insert(w.end(), wm.begin(), wm.end());
    w.insert(w.end(), wr.begin(), wr.end());
    auto loss = [&] { return dot(w, run(x, gamma, beta)); };
    DeviceArray<float> dx(x), dg(gamma), db(beta), dy(y), dm(mo), dr(ro), gx(zeros<float>(n)),
        gg(zeros<float>(cols)), gb(zeros<float>(cols)), gy(wy), gm(wm), gr(wr);
    CUAD_GRAD(CUAD_LAUNCH(layernorm_welford_grad_0_1_2_3_4_5, blocks, 64, dx.ptr, dg.ptr, db.ptr, dy.ptr,
                          dm.ptr, dr.ptr, rows, cols, eps, gx.ptr, gg.ptr, gb.ptr, gy.ptr, gm.ptr, gr.ptr));
    check.array(L + "x", gx.get(), fd(x, loss));
    check.array(L + "gamma", gg.get(), fd(gamma, loss));
    check.array(L + "beta", gb.get(), fd(beta, loss));
    check.array(L + "y", gy.get(), zeros<double>(n));
    check.array(L + "mean_out", gm.get(), zeros<double>(rows));
    check.array(L + "rstd_out", gr.get(), zeros<double>(rows));
#else
    const std::vector<float> vx = rng.vec<float>(n), vg = rng.vec<float>(cols), vb = rng.vec<float>(cols);
    auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(gamma, t, vg), along(beta, t, vb))); };
    DeviceArray<float> dx(x), dg(gamma), db(beta), dy(y), dm(mo), dr(ro), tx(vx), tg(vg), tb(vb),
        ty(zeros<float>(n)), tm(zeros<float>(rows)), tr(zeros<float>(rows));
    CUAD_GRAD(CUAD_LAUNCH(layernorm_welford_pushforward_0_1_2_3_4_5, blocks, 64, dx.ptr, dg.ptr, db.ptr,
                          dy.ptr, dm.ptr, dr.ptr, rows, cols, eps, tx.ptr, tg.ptr, tb.ptr, ty.ptr, tm.ptr, tr.ptr));
    std::vector<float> t = ty.get(), a = tm.get(), b = tr.get();
    t.insert(t.end(), a.begin(), a.end());
    t.insert(t.end(), b.begin(), b.end());
    check.array(L + "tangent", as_doubles(t), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  }
  return check.finish();
}
