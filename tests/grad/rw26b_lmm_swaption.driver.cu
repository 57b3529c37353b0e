#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> as_vec(const LmmParams& p) { return {p.a, p.b, p.c, p.d, p.beta}; }

int main() {
  Checker check("rw26b_lmm_swaption");
  Rng rng(26101);
  const int n = 40, expiry = 3;
  std::vector<double> z(2 * NF * n);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  std::vector<double> L0(NF);
  for (int i = 0; i < NF; ++i) L0[i] = 0.03 + 0.002 * i + rng.uniform(-0.002, 0.002);
  LmmParams prm{0.05, 0.08, 0.6, 0.12, 0.15};
  const double strike = 0.036;
  auto run = [&](const std::vector<double>& l0, const LmmParams& q) {
    DeviceArray<double> dl(l0), dz(z), dout(zeros<double>(n));
    CUAD_LAUNCH(lmm_swaption, 2, 32, n, dl.ptr, dz.ptr, q, strike, expiry, dout.ptr);
    return dout.get();
  };
  {
    const std::vector<double> pay = run(L0, prm);
    int itm = 0;
    for (double v : pay) itm += v > 0.0;
    std::printf("in the money: %d of %d\n", itm, n);
    check.expect(itm > 5 && itm < n - 5, "a mix of exercised and unexercised paths");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(L0, prm)); };
  DeviceArray<double> dl(L0), dz(z), dout(zeros<double>(n)), gl(zeros<double>(NF)), gout(w);
  DeviceScalar<LmmParams> gp(LmmParams{0, 0, 0, 0, 0});
  CUAD_GRAD(CUAD_LAUNCH(lmm_swaption_grad_1_3_6, 2, 32, n, dl.ptr, dz.ptr, prm, strike, expiry,
                        dout.ptr, gl.ptr, gp.ptr, gout.ptr));
  check.array("L0", gl.get(), fd(L0, loss));
  const std::vector<double> g = as_vec(gp.value());
  const char* names[] = {"a", "b", "c", "d", "beta"};
  double* fields[] = {&prm.a, &prm.b, &prm.c, &prm.d, &prm.beta};
  for (int i = 0; i < 5; ++i) check.scalar(names[i], g[i], fd(*fields[i], loss));
  check.array("payoff", gout.get(), zeros<double>(n));
#else
  const std::vector<double> vl = rng.vec(NF, -0.01, 0.01);
  const LmmParams vp{0.01, -0.02, 0.1, 0.03, 0.05};
  auto outputs_at = [&](double t) {
    LmmParams q{along(prm.a, t, vp.a), along(prm.b, t, vp.b), along(prm.c, t, vp.c),
                along(prm.d, t, vp.d), along(prm.beta, t, vp.beta)};
    return run(along(L0, t, vl), q);
  };
  DeviceArray<double> dl(L0), dz(z), dout(zeros<double>(n)), tl(vl), tout(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(lmm_swaption_pushforward_1_3_6, 2, 32, n, dl.ptr, dz.ptr, prm, strike,
                        expiry, dout.ptr, tl.ptr, vp, tout.ptr));
  check.array("payoff tangent", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("payoff value", dout.get(), run(L0, prm));
#endif
#endif
  return check.finish();
}
