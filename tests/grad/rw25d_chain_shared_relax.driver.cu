#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_chain_shared_relax");
  Rng rng(25415);
  const int n_chain = 3, n = n_chain * CHAIN, n_steps = 6;
  const double dt = 0.04;
  std::vector<double> s0 = rng.vec(n, -1.0, 1.0), J = rng.vec(n, 0.3, 1.1);
  double h = 0.15, r = -0.4, u = 0.3;
  auto run = [&](const std::vector<double>& s, const std::vector<double>& j, double hh, double rr, double uu) {
    DeviceArray<double> ds(s), dj(j), dout(zeros<double>(n)), dst(zeros<double>(2 * n_chain));
    CUAD_LAUNCH(relax_chains, n_chain, CHAIN, ds.ptr, dj.ptr, hh, rr, uu, dt, n_steps, dout.ptr, dst.ptr);
    std::vector<double> out = dout.get(), st = dst.get();
    out.insert(out.end(), st.begin(), st.end());
    return out;
  };
  DeviceArray<double> ds(s0), dj(J), dout(zeros<double>(n)), dst(zeros<double>(2 * n_chain));
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n + 2 * n_chain);
  auto loss = [&] { return dot(w, run(s0, J, h, r, u)); };
  const std::vector<double> wo(w.begin(), w.begin() + n), wst(w.begin() + n, w.end());
  DeviceArray<double> gs(zeros<double>(n)), gj(zeros<double>(n)), gh(zeros<double>(1)), gr(zeros<double>(1)),
      gu(zeros<double>(1)), go(wo), gst(wst);
  CUAD_GRAD(CUAD_LAUNCH(relax_chains_grad_0_1_2_3_4_7_8, n_chain, CHAIN, ds.ptr, dj.ptr, h, r, u, dt, n_steps,
                        dout.ptr, dst.ptr, gs.ptr, gj.ptr, gh.ptr, gr.ptr, gu.ptr, go.ptr, gst.ptr));
  check.array("s0", gs.get(), fd(s0, loss));
  check.array("J", gj.get(), fd(J, loss));
  check.scalar("h", gh.get()[0], fd(h, loss));
  check.scalar("r", gr.get()[0], fd(r, loss));
  check.scalar("u", gu.get()[0], fd(u, loss));
  check.array("s_out", go.get(), zeros<double>(n));
  check.array("stats", gst.get(), zeros<double>(2 * n_chain));
#else
  const std::vector<double> vs = rng.vec(n), vj = rng.vec(n);
  const double vh = 0.2, vr = -0.1, vu = 0.05;
  auto outputs_at = [&](double t) {
    return run(along(s0, t, vs), along(J, t, vj), along(h, t, vh), along(r, t, vr), along(u, t, vu));
  };
  DeviceArray<double> ts(vs), tj(vj), to(zeros<double>(n)), tst(zeros<double>(2 * n_chain));
  CUAD_GRAD(CUAD_LAUNCH(relax_chains_pushforward_0_1_2_3_4_7_8, n_chain, CHAIN, ds.ptr, dj.ptr, h, r, u, dt, n_steps,
                        dout.ptr, dst.ptr, ts.ptr, tj.ptr, vh, vr, vu, to.ptr, tst.ptr));
  std::vector<double> tan = to.get(), t2 = tst.get();
  tan.insert(tan.end(), t2.begin(), t2.end());
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
