#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> flat(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> r(a);
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

int main() {
  Checker check("rw22d_rk4_sens");
  // Gradients whose tapes spill to device malloc: compute-sanitizer's instrumented malloc needs
  // more stack than a 2 KB tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 8 * 1024), "cudaDeviceSetLimit");
#if CUAD_OUTPUT >= 4
  {
    const int n = 24, steps = 40;
    Rng rng(2212);
    std::vector<double> st = rng.vec(3 * n, -2.0, 2.0), vst = rng.vec(3 * n);
    for (int i = 0; i < n; ++i) st[3 * i + 2] += 15.0;
    Lorenz p{10.0, 28.0, 8.0 / 3.0}, vp{0.5, -0.8, 0.3};
    double dt = 0.005, vdt = 0.001;
#if CUAD_OUTPUT == 5
    std::vector<double> w = rng.vec(3 * n);
    auto loss = [&]() {
      DeviceArray<double> d(st);
      CUAD_LAUNCH(erk_lorenz, 1, 32, n, p, dt, steps, d.ptr);
      return dot(w, d.get());
    };
    DeviceArray<double> d(st), ad(w);
    DeviceArray<Lorenz> ap(std::vector<Lorenz>{Lorenz{0, 0, 0}});
    DeviceScalar<double> adt(0.0);
    CUAD_GRAD(CUAD_LAUNCH(erk_lorenz_grad_1_2_4, 1, 32, n, p, dt, steps, d.ptr, ap.ptr, adt.ptr,
                          ad.ptr));
    const Lorenz g = ap.get()[0];
    check.array("state", ad.get(), fd(st, loss));
    check.scalar("sigma", g.sigma, fd(p.sigma, loss));
    check.scalar("rho", g.rho, fd(p.rho, loss));
    check.scalar("beta", g.beta, fd(p.beta, loss));
    check.scalar("dt", adt.value(), fd(dt, loss));
#else
    auto outputs_at = [&](double t) {
      Lorenz q{along(p.sigma, t, vp.sigma), along(p.rho, t, vp.rho), along(p.beta, t, vp.beta)};
      DeviceArray<double> d(along(st, t, vst));
      CUAD_LAUNCH(erk_lorenz, 1, 32, n, q, along(dt, t, vdt), steps, d.ptr);
      return d.get();
    };
    DeviceArray<double> d(st), d_d(vst);
    CUAD_GRAD(CUAD_LAUNCH(erk_lorenz_pushforward, 1, 32, n, p, dt, steps, d.ptr, vp, vdt, d_d.ptr));
    check.array("state", d_d.get(), directional_fd<double>(outputs_at));
#endif
  }
#else
  const int n = 40;
  Rng rng(2201);
  std::vector<double> x0 = rng.vec(n, 0.6, 1.4), vx0 = rng.vec(n);
  std::vector<double> y0 = rng.vec(n, 0.4, 1.2), vy0 = rng.vec(n);
  LVParams prm{1.1, 0.9, 0.8, 0.7, 0.02, 150};
  LVParams vprm{0.3, -0.5, 0.4, 0.6, 0.0, 0};
#if CUAD_OUTPUT == 3
  std::vector<double> wy = rng.vec(n), wo = rng.vec(n);
  auto run = [&](const LVParams& p) {
    DeviceArray<double> dx(x0), dy(y0), dobs(zeros<double>(n));
    CUAD_LAUNCH(integrate, 2, 32, n, p, dx.ptr, dy.ptr, dobs.ptr);
    return dot(wy, dy.get()) + dot(wo, dobs.get());
  };
  auto loss = [&]() { return run(prm); };
  DeviceArray<double> dx(x0), dy(y0), dobs(zeros<double>(n)), ax(zeros<double>(n)), ay(wy),
      aobs(wo);
  DeviceArray<LVParams> aprm(std::vector<LVParams>{LVParams{0, 0, 0, 0, 0, 0}});
  CUAD_GRAD(CUAD_LAUNCH(integrate_grad_1_2_3_4, 2, 32, n, prm, dx.ptr, dy.ptr, dobs.ptr,
                        aprm.ptr, ax.ptr, ay.ptr, aobs.ptr));
  LVParams g = aprm.get()[0];
  check.array("x0", ax.get(), fd(x0, loss));
  check.array("y", ay.get(), fd(y0, loss));
  check.array("obs (only written)", aobs.get(), std::vector<double>(n, 0.0));
  check.scalar("alpha", g.alpha, fd(prm.alpha, loss));
  check.scalar("beta", g.beta, fd(prm.beta, loss));
  check.scalar("gamma", g.gamma, fd(prm.gamma, loss));
  check.scalar("delta", g.delta, fd(prm.delta, loss));
  check.scalar("dt", g.dt, fd(prm.dt, loss));
#else
#if CUAD_OUTPUT == 2
  std::fill(vx0.begin(), vx0.end(), 0.0);  // x0 carries no tangent in output 2
#endif
  auto outputs_at = [&](double t) {
    LVParams p = prm;
    p.alpha = along(prm.alpha, t, vprm.alpha);
    p.beta = along(prm.beta, t, vprm.beta);
    p.gamma = along(prm.gamma, t, vprm.gamma);
    p.delta = along(prm.delta, t, vprm.delta);
    DeviceArray<double> dx(along(x0, t, vx0)), dy(along(y0, t, vy0)), dobs(zeros<double>(n));
    CUAD_LAUNCH(integrate, 2, 32, n, p, dx.ptr, dy.ptr, dobs.ptr);
    return flat(dy.get(), dobs.get());
  };
  DeviceArray<double> dx(x0), d_x(vx0), dy(y0), d_y(vy0), dobs(zeros<double>(n)),
      d_obs(zeros<double>(n));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(integrate_pushforward, 2, 32, n, prm, dx.ptr, dy.ptr, dobs.ptr, vprm,
                        d_x.ptr, d_y.ptr, d_obs.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(integrate_pushforward_1_3_4, 2, 32, n, prm, dx.ptr, dy.ptr, dobs.ptr,
                        vprm, d_y.ptr, d_obs.ptr));
#endif
  check.array("y,obs", flat(d_y.get(), d_obs.get()), directional_fd<double>(outputs_at));
  check.array("y,obs (primal)", flat(dy.get(), dobs.get()), outputs_at(0.0), Tol{1e-12, 1e-12});
#endif
#endif
  return check.finish();
}
