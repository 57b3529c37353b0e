#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_cpp_v3_boris");
  const int n = 40, nsteps = 8;
  Rng rng(1205);
  std::vector<double> pos = rng.vec(3 * n), vel = rng.vec(3 * n, -0.5, 0.5), qm = rng.vec(n, 0.5, 2.0),
                      path0 = zeros<double>(n);
  V3 B0(0.2, -0.1, 1.5);
  double E0 = 0.4, dt = 0.1;
  auto run = [&](const std::vector<double>& x, const std::vector<double>& v,
                 const std::vector<double>& q, V3 b, double e, double h) {
    DeviceArray<double> dx(x), dv(v), dq(q), dp(path0);
    CUAD_LAUNCH(boris_push, 2, 32, dx.ptr, dv.ptr, dq.ptr, b, e, h, dp.ptr, nsteps, n);
    std::vector<double> out = dx.get(), vv = dv.get(), pp = dp.get();
    out.insert(out.end(), vv.begin(), vv.end());
    out.insert(out.end(), pp.begin(), pp.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(7 * n);
  std::vector<double> wx(w.begin(), w.begin() + 3 * n), wv(w.begin() + 3 * n, w.begin() + 6 * n),
      wp(w.begin() + 6 * n, w.end());
  auto loss = [&] { return dot(w, run(pos, vel, qm, B0, E0, dt)); };
  DeviceArray<double> dx(pos), dv(vel), dq(qm), dp(path0), ax(wx), av(wv), aq(zeros<double>(n)), ap(wp);
  DeviceScalar<V3> aB(V3(0.0, 0.0, 0.0));
  DeviceScalar<double> aE(0.0);
  CUAD_GRAD(CUAD_LAUNCH(boris_push_grad_0_1_2_3_4_6, 2, 32, dx.ptr, dv.ptr, dq.ptr, B0, E0, dt, dp.ptr,
                        nsteps, n, ax.ptr, av.ptr, aq.ptr, aB.ptr, aE.ptr, ap.ptr));
  check.array("pos", ax.get(), fd(pos, loss));
  check.array("vel", av.get(), fd(vel, loss));
  check.array("qm", aq.get(), fd(qm, loss));
  V3 gB = aB.value();
  check.scalar("B0.x", gB.x, fd(B0.x, loss));
  check.scalar("B0.y", gB.y, fd(B0.y, loss));
  check.scalar("B0.z", gB.z, fd(B0.z, loss));
  check.scalar("E0", aE.value(), fd(E0, loss));
  check.array("path", ap.get(), fd(path0, loss));
#else
  std::vector<double> vx = rng.vec(3 * n), vv = rng.vec(3 * n), vq = rng.vec(n, -0.5, 0.5);
  V3 vB(0.3, 0.2, -0.4);
  double vE = 0.5, vdt = 0.05;
  auto outputs_at = [&](double t) {
    V3 b(along(B0.x, t, vB.x), along(B0.y, t, vB.y), along(B0.z, t, vB.z));
    return run(along(pos, t, vx), along(vel, t, vv), along(qm, t, vq), b, along(E0, t, vE),
               along(dt, t, vdt));
  };
  DeviceArray<double> dx(pos), dv(vel), dq(qm), dp(path0), tx(vx), tv(vv), tq(vq), tp(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(boris_push_pushforward, 2, 32, dx.ptr, dv.ptr, dq.ptr, B0, E0, dt, dp.ptr,
                        nsteps, n, tx.ptr, tv.ptr, tq.ptr, vB, vE, vdt, tp.ptr));
  std::vector<double> got = tx.get(), gv = tv.get(), gp = tp.get();
  got.insert(got.end(), gv.begin(), gv.end());
  got.insert(got.end(), gp.begin(), gp.end());
  check.array("pos, vel, path", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
