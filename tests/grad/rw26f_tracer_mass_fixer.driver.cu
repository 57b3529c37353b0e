#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_tracer_mass_fixer");
  Rng rng(26617);
  const int ntr = 3, n = 50, nsteps = 4;
  const double dt = 30.0, dx = 1000.0;
  std::vector<double> q0(ntr * n), u(n);
  for (int i = 0; i < n; ++i) u[i] = (i < n / 2 ? 1.0 : -1.0) * rng.uniform(3.0, 12.0);  // both signs, away from 0
  for (int t = 0; t < ntr; ++t)
    for (int i = 0; i < n; ++i) q0[t * n + i] = 1.0 + (t + 1) * 0.5 * std::sin(2 * M_PI * (i + 7 * t) / n) + rng.uniform(0, 0.2);
  for (int pass = 0; pass < 2; ++pass) {
    const Scheme sch = pass == 0 ? Scheme::Upwind : Scheme::LaxWendroff;
#if CUAD_OUTPUT == 1
    const std::vector<double> w = rng.vec(ntr * n);
    auto loss = [&] {
      std::vector<double> o(ntr * n);
      transport_tracers(q0.data(), u.data(), ntr, n, nsteps, sch, dt, dx, o.data());
      return dot(w, o);
    };
    std::vector<double> gq(ntr * n, 0.0), gu(n, 0.0), o(ntr * n, 0.0), go = w;
    CUAD_GRAD(transport_tracers_grad_0_1_8(q0.data(), u.data(), ntr, n, nsteps, sch, dt, dx, o.data(), gq.data(),
                                           gu.data(), go.data()));
    const std::string tag = pass == 0 ? "upwind " : "lax-wendroff ";
    check.array(tag + "q0", gq, fd(q0, loss));
    check.array(tag + "u", gu, fd(u, loss));
#else
    const std::vector<double> vq = rng.vec(ntr * n), vu = rng.vec(n);
    auto outputs_at = [&](double t) {
      std::vector<double> a = along(q0, t, vq), b = along(u, t, vu), o(ntr * n);
      transport_tracers(a.data(), b.data(), ntr, n, nsteps, sch, dt, dx, o.data());
      return o;
    };
    std::vector<double> o(ntr * n, 0.0), to(ntr * n, 0.0), vqc = vq, vuc = vu;
    CUAD_GRAD(transport_tracers_pushforward_0_1_8(q0.data(), u.data(), ntr, n, nsteps, sch, dt, dx, o.data(), vqc.data(),
                                                  vuc.data(), to.data()));
    check.array(pass == 0 ? "upwind tangent" : "lax-wendroff tangent", to, directional_fd<double>(outputs_at));
#endif
  }
  return check.finish();
}
