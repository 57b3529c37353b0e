#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static SimParams moved(const SimParams& p, double t, const SimParams& v) {
  SimParams q = p;
  q.box.center = along(p.box.center, t, v.box.center);
  q.box.stiff = along(p.box.stiff, t, v.box.stiff);
  q.dt = along(p.dt, t, v.dt);
  for (int k = 0; k < 3; ++k) q.k_spring[k] = along(p.k_spring[k], t, v.k_spring[k]);
  q.sp.mass = along(p.sp.mass, t, v.sp.mass);
  q.sp.charge = along(p.sp.charge, t, v.sp.charge);
  return q;
}

static std::vector<double> xs_vs(const std::vector<Particle>& ps) {
  std::vector<double> r;
  for (const Particle& q : ps) {
    r.push_back(q.x);
    r.push_back(q.v);
  }
  return r;
}

int main() {
  Checker check("rw22d_struct_host_md");
  const int n = 37, steps = 4;
  Rng rng(2209);
  SimParams p{{0.2, 0.5}, 0.05, {1.0, 1.6, 0.7}, {1.3, 0.4}, 5};
  SimParams vp{{0.3, -0.4}, 0.02, {0.5, -0.3, 0.8}, {0.2, -0.6}, 0};
  std::vector<double> field = {0.3, -0.2, 0.1}, vfield = {0.5, 0.4, -0.7};
  std::vector<Particle> ps(n), vps(n);
  for (int i = 0; i < n; ++i) {
    ps[i] = Particle{rng.uniform(-1, 1), rng.uniform(-1, 1), i % 3};
    vps[i] = Particle{rng.uniform(-1, 1), rng.uniform(-1, 1), 0};
  }
#if CUAD_OUTPUT == 1
  auto outputs_at = [&](double t) {
    std::vector<Particle> in(n), out(n);
    for (int i = 0; i < n; ++i)
      in[i] = Particle{along(ps[i].x, t, vps[i].x), along(ps[i].v, t, vps[i].v), ps[i].type};
    const double ke = run_md(n, moved(p, t, vp), along(field, t, vfield).data(), in.data(), steps,
                             out.data());
    std::vector<double> r = xs_vs(out);
    r.push_back(ke);
    return r;
  };
  std::vector<Particle> out(n), d_out(n);
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD({
    auto r = run_md_pushforward(n, p, field.data(), ps.data(), steps, out.data(), vp,
                                vfield.data(), vps.data(), d_out.data());
    value = r.value;
    tangent = r.pushforward;
  });
  std::vector<double> tan = xs_vs(d_out);
  tan.push_back(tangent);
  check.array("out,ke", tan, directional_fd<double>(outputs_at));
  std::vector<double> prim = xs_vs(out);
  prim.push_back(value);
  check.array("primal out,ke", prim, outputs_at(0.0), Tol{1e-12, 1e-12});
#elif CUAD_OUTPUT == 2
  cudaMemcpyToSymbol(c_field, field.data(), 3 * sizeof(double));
  auto outputs_at = [&](double t) {
    std::vector<Particle> in(n);
    for (int i = 0; i < n; ++i)
      in[i] = Particle{along(ps[i].x, t, vps[i].x), along(ps[i].v, t, vps[i].v), ps[i].type};
    DeviceArray<Particle> d(in);
    CUAD_LAUNCH(substep, 2, 32, n, moved(p, t, vp), d.ptr);
    return xs_vs(d.get());
  };
  DeviceArray<Particle> d(ps), d_d(vps);
  CUAD_GRAD(CUAD_LAUNCH(substep_pushforward, 2, 32, n, p, d.ptr, vp, d_d.ptr));
  check.array("ps", xs_vs(d_d.get()), directional_fd<double>(outputs_at));
#else
  std::vector<double> w = rng.vec(2 * n);
  const double wke = 0.9;
  auto loss = [&]() {
    std::vector<Particle> out(n);
    const double ke = run_md(n, p, field.data(), ps.data(), steps, out.data());
    return wke * ke + dot(w, xs_vs(out));
  };
  // seed: the return value's adjoint is 1, so out's adjoint is w / wke, then scale by wke
  std::vector<Particle> out(n), a_out(n), a_ps(n);
  for (int i = 0; i < n; ++i) {
    a_out[i] = Particle{w[2 * i] / wke, w[2 * i + 1] / wke, 0};
    a_ps[i] = Particle{0.0, 0.0, 0};
  }
  SimParams a_p{{0, 0}, 0, {0, 0, 0}, {0, 0}, 0};
  std::vector<double> a_field(3, 0.0);
  CUAD_GRAD(run_md_grad_1_2_3_5(n, p, field.data(), ps.data(), steps, out.data(), &a_p,
                                a_field.data(), a_ps.data(), a_out.data()));
  std::vector<double> fd_ps;
  for (int i = 0; i < n; ++i) {
    fd_ps.push_back(fd(ps[i].x, loss));
    fd_ps.push_back(fd(ps[i].v, loss));
  }
  std::vector<double> g_ps;
  for (const Particle& q : a_ps) {
    g_ps.push_back(wke * q.x);
    g_ps.push_back(wke * q.v);
  }
  check.array("ps", g_ps, fd_ps);
  std::vector<double> g_field(3);
  for (int k = 0; k < 3; ++k) g_field[k] = wke * a_field[k];
  check.array("field", g_field, fd(field, loss));
  check.scalar("box.center", wke * a_p.box.center, fd(p.box.center, loss));
  check.scalar("box.stiff", wke * a_p.box.stiff, fd(p.box.stiff, loss));
  check.scalar("dt", wke * a_p.dt, fd(p.dt, loss));
  for (int k = 0; k < 3; ++k)
    check.scalar(at("k_spring", k), wke * a_p.k_spring[k], fd(p.k_spring[k], loss));
  check.scalar("sp.mass", wke * a_p.sp.mass, fd(p.sp.mass, loss));
  check.scalar("sp.charge", wke * a_p.sp.charge, fd(p.sp.charge, loss));
#endif
  return check.finish();
}
