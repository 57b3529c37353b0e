#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_rope_shared_jacobi");
  Rng rng(25312);
  const int ns = 3, nv = 12, iters = 5;
  const double h = 0.01, wind = 3.0, omega = 1.5;
  std::vector<double> x(2 * ns * nv), v = rng.vec(2 * ns * nv, -0.5, 0.5), rest(ns * (nv - 1));
  for (int s = 0; s < ns; ++s) {
    double px = s * 1.0, py = 0.0;
    for (int i = 0; i < nv; ++i) {
      const double ang = -1.2 + rng.uniform(-0.3, 0.3);
      if (i > 0) px += 0.1 * std::cos(ang), py += 0.1 * std::sin(ang);
      x[2 * (s * nv + i)] = px, x[2 * (s * nv + i) + 1] = py;
    }
    for (int i = 0; i + 1 < nv; ++i) rest[s * (nv - 1) + i] = rng.uniform(0.09, 0.11);
  }
  const std::vector<double> ox0 = rng.vec(2 * ns * nv), ov0 = rng.vec(2 * ns * nv);
  auto d2 = [](DeviceArray<double>& a) { return reinterpret_cast<double2*>(a.ptr); };
  auto run = [&](const std::vector<double>& x_, const std::vector<double>& v_, const std::vector<double>& r_) {
    DeviceArray<double> dx(x_), dv(v_), dr(r_), ox(ox0), ov(ov0);
    CUAD_LAUNCH(rope_step, ns, nv, nv, d2(dx), d2(dv), dr.ptr, h, wind, omega, iters, d2(ox), d2(ov));
    std::vector<double> out = ox.get(), q = ov.get();
    out.insert(out.end(), q.begin(), q.end());
    return out;
  };
  const int m = 2 * ns * nv;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * m);
  auto loss = [&] { return dot(w, run(x, v, rest)); };
  DeviceArray<double> dx(x), dv(v), dr(rest), ox(ox0), ov(ov0), gx(zeros<double>(m)), gv(zeros<double>(m)),
      gr(zeros<double>(rest.size())), gox(std::vector<double>(w.begin(), w.begin() + m)),
      gov(std::vector<double>(w.begin() + m, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(rope_step_grad_1_2_3_8_9, ns, nv, nv, d2(dx), d2(dv), dr.ptr, h, wind, omega, iters, d2(ox),
                        d2(ov), d2(gx), d2(gv), gr.ptr, d2(gox), d2(gov)));
  check.array("x", gx.get(), fd(x, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.array("rest", gr.get(), fd(rest, loss));
  check.array("out_x", gox.get(), zeros<double>(m));
  check.array("out_v", gov.get(), zeros<double>(m));
#else
  const std::vector<double> vx = rng.vec(m, -0.1, 0.1), vv = rng.vec(m), vr = rng.vec(rest.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(v, t, vv), along(rest, t, vr)); };
  DeviceArray<double> dx(x), dv(v), dr(rest), ox(ox0), ov(ov0), tx(vx), tv(vv), tr(vr), tox(zeros<double>(m)),
      tov(zeros<double>(m));
  CUAD_GRAD(CUAD_LAUNCH(rope_step_pushforward_1_2_3_8_9, ns, nv, nv, d2(dx), d2(dv), dr.ptr, h, wind, omega, iters,
                        d2(ox), d2(ov), d2(tx), d2(tv), tr.ptr, d2(tox), d2(tov)));
  std::vector<double> tan = tox.get(), q = tov.get();
  tan.insert(tan.end(), q.begin(), q.end());
  check.array("out tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
