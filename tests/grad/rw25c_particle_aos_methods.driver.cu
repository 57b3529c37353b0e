#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
static const int D = 3;
#else
static const int D = 2;
#endif
typedef Particle<D> P;
static const int NF = 2 * D + D * D + 1;  // doubles per particle

static std::vector<P> pack(const std::vector<double>& f, int n) {
  std::vector<P> ps(n);
  for (int i = 0; i < n; ++i) {
    const double* q = &f[NF * i];
    for (int d = 0; d < D; ++d) ps[i].x[d] = q[d], ps[i].v[d] = q[D + d];
    for (int a = 0; a < D; ++a)
      for (int b = 0; b < D; ++b) ps[i].F[a][b] = q[2 * D + a * D + b];
    ps[i].mass = q[NF - 1];
  }
  return ps;
}
static std::vector<double> unpack(const std::vector<P>& ps) {
  std::vector<double> f;
  for (const P& p : ps) {
    for (int d = 0; d < D; ++d) f.push_back(p.x[d]);
    for (int d = 0; d < D; ++d) f.push_back(p.v[d]);
    for (int a = 0; a < D; ++a)
      for (int b = 0; b < D; ++b) f.push_back(p.F[a][b]);
    f.push_back(p.mass);
  }
  return f;
}

int main() {
  Checker check("rw25c_particle_aos_methods");
  Rng rng(25313 + D);
  const int n = 20;
  std::vector<double> st(NF * n), gv = rng.vec(D * D * n, -2.0, 2.0);
  for (int i = 0; i < n; ++i) {
    double* q = &st[NF * i];
    for (int d = 0; d < 2 * D; ++d) q[d] = rng.uniform(-1.0, 1.0);
    for (int a = 0; a < D; ++a)
      for (int b = 0; b < D; ++b) q[2 * D + a * D + b] = (a == b ? 1.0 : 0.0) + rng.uniform(-0.2, 0.2);
    q[NF - 1] = rng.uniform(0.5, 1.5);
  }
  const double dt = 0.05, k = 3.0, visc = 0.2;
  const std::vector<double> e0 = rng.vec(n);
  auto run = [&](const std::vector<double>& st_, const std::vector<double>& gv_) {
    DeviceArray<P> dp(pack(st_, n));
    DeviceArray<double> dg(gv_), de(e0);
    CUAD_LAUNCH(advance_particles<D>, 1, 32, n, dp.ptr, dg.ptr, dt, k, visc, de.ptr);
    std::vector<double> out = unpack(dp.get()), q = de.get();
    out.insert(out.end(), q.begin(), q.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(NF * n + n);
  auto loss = [&] { return dot(w, run(st, gv)); };
  DeviceArray<P> dp(pack(st, n)), gp(pack(std::vector<double>(w.begin(), w.begin() + NF * n), n));
  DeviceArray<double> dg(gv), de(e0), gg(zeros<double>(D * D * n)), ge(std::vector<double>(w.begin() + NF * n, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(advance_particles_grad_1_2_6<D>, 1, 32, n, dp.ptr, dg.ptr, dt, k, visc, de.ptr, gp.ptr, gg.ptr,
                        ge.ptr));
  check.array("ps (in place)", unpack(gp.get()), fd(st, loss));
  check.array("gradv", gg.get(), fd(gv, loss));
  check.array("energy", ge.get(), zeros<double>(n));
#else
  const std::vector<double> vst = rng.vec(NF * n), vg = rng.vec(D * D * n);
  auto outputs_at = [&](double t) { return run(along(st, t, vst), along(gv, t, vg)); };
  DeviceArray<P> dp(pack(st, n)), tp(pack(vst, n));
  DeviceArray<double> dg(gv), de(e0), tg(vg), te(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(advance_particles_pushforward_1_2_6<D>, 1, 32, n, dp.ptr, dg.ptr, dt, k, visc, de.ptr, tp.ptr,
                        tg.ptr, te.ptr));
  std::vector<double> tan = unpack(tp.get()), q = te.get();
  tan.insert(tan.end(), q.begin(), q.end());
  check.array("state, energy tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
