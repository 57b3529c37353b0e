#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_cliquet_lambdas");
  Rng rng(26118);
  const int n = 40;
  std::vector<double> z(n * NRESET * NSUB);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  CliquetSpec spec{100.0, 0.02, 3.0, 0.08, -0.05, 0.02};
  std::vector<double> vols = rng.vec(NRESET, 0.15, 0.3);
  auto run = [&](const CliquetSpec& sp, const std::vector<double>& v) {
    DeviceArray<double> dz(z), dv(v), dp(zeros<double>(n));
    CUAD_LAUNCH(cliquet_mc, 2, 32, dz.ptr, sp, dv.ptr, n, dp.ptr);
    return dp.get();
  };
  double* f[] = {&spec.s0, &spec.r, &spec.T, &spec.local_cap, &spec.local_floor, &spec.global_floor};
  const char* names[] = {"s0", "r", "T", "local_cap", "local_floor", "global_floor"};
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(spec, vols)); };
  DeviceArray<double> dz(z), dv(vols), dp(zeros<double>(n)), gv(zeros<double>(NRESET)), gp(w);
  DeviceScalar<CliquetSpec> gs(CliquetSpec{0, 0, 0, 0, 0, 0});
  CUAD_GRAD(CUAD_LAUNCH(cliquet_mc_grad_1_2_4, 2, 32, dz.ptr, spec, dv.ptr, n, dp.ptr, gs.ptr,
                        gv.ptr, gp.ptr));
  const CliquetSpec g = gs.value();
  const double* gf[] = {&g.s0, &g.r, &g.T, &g.local_cap, &g.local_floor, &g.global_floor};
  for (int i = 0; i < 6; ++i) check.scalar(names[i], *gf[i], fd(*f[i], loss));
  check.array("vols", gv.get(), fd(vols, loss));
  check.array("pay", gp.get(), zeros<double>(n));
#else
  const CliquetSpec vs{2.0, 0.01, 0.1, 0.01, 0.01, 0.01};
  const std::vector<double> vv = rng.vec(NRESET, -0.03, 0.03);
  auto outputs_at = [&](double t) {
    CliquetSpec q{along(spec.s0, t, vs.s0), along(spec.r, t, vs.r), along(spec.T, t, vs.T),
                  along(spec.local_cap, t, vs.local_cap), along(spec.local_floor, t, vs.local_floor),
                  along(spec.global_floor, t, vs.global_floor)};
    return run(q, along(vols, t, vv));
  };
  DeviceArray<double> dz(z), dv(vols), dp(zeros<double>(n)), tv(vv), tp(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(cliquet_mc_pushforward_1_2_4, 2, 32, dz.ptr, spec, dv.ptr, n, dp.ptr, vs,
                        tv.ptr, tp.ptr));
  check.array("pay tangent", tp.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
