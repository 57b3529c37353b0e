#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_popgen_heun");
  Rng rng(25108);
  const int n = 37, nsteps = 25;  // two blocks, the second nearly empty
  const double dt = 0.2;
  std::vector<double> p = rng.vec(n, 0.05, 0.95), s = rng.vec(n, -0.4, 0.6);
  double h = 0.3, m = 0.25, u = 0.01;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> pc = p;
    const double het = evolve_demes(pc.data(), s.data(), h, m, u, n, nsteps, dt);
    return het + dot(w, pc);
  };
  std::vector<double> pc = p, gp = w, gs(n, 0.0);
  double gh = 0.0, gm = 0.0, gu = 0.0;
  CUAD_GRAD(evolve_demes_grad_0_1_2_3_4(pc.data(), s.data(), h, m, u, n, nsteps, dt, gp.data(), gs.data(), &gh, &gm, &gu));
  check.array("p", gp, fd(p, loss));
  check.array("s", gs, fd(s, loss));
  check.scalar("h", gh, fd(h, loss));
  check.scalar("m", gm, fd(m, loss));
  check.scalar("u", gu, fd(u, loss));
#else
  const std::vector<double> vp = rng.vec(n), vs = rng.vec(n);
  const double vh = 0.5, vm = -0.3, vu = 0.02;
  auto outputs_at = [&](double t) {
    std::vector<double> pc = along(p, t, vp);
    const std::vector<double> sc = along(s, t, vs);
    const double het = evolve_demes(pc.data(), sc.data(), along(h, t, vh), along(m, t, vm), along(u, t, vu), n,
                                    nsteps, dt);
    pc.push_back(het);
    return pc;
  };
  std::vector<double> pc = p, tp = vp, ts = vs;
  double th = vh, tm = vm, tu = vu;
  auto r = evolve_demes_pushforward_0_1_2_3_4(pc.data(), s.data(), h, m, u, n, nsteps, dt, tp.data(), ts.data(), th, tm, tu);
  std::vector<double> got = tp;
  got.push_back(r.pushforward);
  check.array("tangents", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = pc;
  val.push_back(r.value);
  check.array("values", val, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
