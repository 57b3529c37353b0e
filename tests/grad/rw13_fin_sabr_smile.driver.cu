#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int NF = 7;
static double& field(SabrSlice& s, int f) {
  double* p[] = {&s.fwd, &s.T, &s.alpha, &s.beta, &s.rho, &s.nu, &s.df};
  return *p[f];
}

int main() {
  Checker check("rw13_fin_sabr_smile");
#if CUAD_OUTPUT == 3
  const double f = 0.03, K = 0.034, T = 2.0, alpha = 0.035, beta = 0.6, rho = -0.3, nu = 0.5;
  const double vK = 0.01, va = 0.002, vb = -0.2, vr = 0.3, vn = 0.4;
  auto outputs_at = [&](double t) {
    return std::vector<double>{sabr_implied_vol(f, along(K, t, vK), T, along(alpha, t, va),
                                                along(beta, t, vb), along(rho, t, vr),
                                                along(nu, t, vn))};
  };
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = sabr_implied_vol_pushforward_1_3_4_5_6(f, K, T, alpha, beta, rho, nu, vK, va,
                                                            vb, vr, vn);
            value = r.value; tangent = r.pushforward);
  check.array("vol", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.scalar("value", value, sabr_implied_vol(f, K, T, alpha, beta, rho, nu));
#endif
#else
  const int ne = 5, nk = 9, nq = ne * nk;
  Rng rng(4242);
  std::vector<SabrSlice> slices(ne);
  for (int e = 0; e < ne; ++e)
    slices[e] = {rng.uniform(0.02, 0.04), 0.5 + e,           rng.uniform(0.02, 0.05),
                 rng.uniform(0.4, 0.7),   rng.uniform(-0.5, 0.2), rng.uniform(0.3, 0.7),
                 exp(-0.03 * (0.5 + e))};
  std::vector<double> strikes(nq);
  for (int q = 0; q < nq; ++q) strikes[q] = 0.7 + 0.075 * (q % nk) + 0.013;  // none exactly ATM
  strikes[4] = 1.0;  // one ATM quote: the series branch
  std::vector<double> price0 = rng.vec(nq), w = rng.vec(nq);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<SabrSlice> ds(slices);
    DeviceArray<double> dk(strikes), dp(price0);
    CUAD_LAUNCH(sabr_smile_price, 2, 16, ds.ptr, dk.ptr, ne, nk, dp.ptr);
    return dot(w, dp.get());
  };
  DeviceArray<SabrSlice> ds(slices), a_s(std::vector<SabrSlice>(ne, SabrSlice{0, 0, 0, 0, 0, 0, 0}));
  DeviceArray<double> dk(strikes), dp(price0), a_k(nq, 0.0), a_p(w);
  CUAD_GRAD(CUAD_LAUNCH(sabr_smile_price_grad_0_1_4, 2, 16, ds.ptr, dk.ptr, ne, nk, dp.ptr,
                        a_s.ptr, a_k.ptr, a_p.ptr));
  std::vector<SabrSlice> gs = a_s.get();
  for (int e = 0; e < ne; ++e)
    for (int f = 0; f < NF; ++f)
      check.scalar(at("slice" + std::to_string(f), e), field(gs[e], f), fd(field(slices[e], f), loss));
  std::vector<double> gk = a_k.get();
  for (int q = 0; q < nq; ++q)
    check.scalar(at("strike", q), gk[q], fd(strikes[q], loss));
  check.array("price", a_p.get(), std::vector<double>(nq, 0.0));
#else
  std::vector<SabrSlice> vs(ne);
  for (int e = 0; e < ne; ++e)
    vs[e] = {rng.uniform(-0.01, 0.01), rng.uniform(-0.2, 0.2), rng.uniform(-0.01, 0.01),
             rng.uniform(-0.1, 0.1),   rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2),
             rng.uniform(-0.05, 0.05)};
  auto outputs_at = [&](double t) {
    std::vector<SabrSlice> s = slices;
    for (int e = 0; e < ne; ++e)
      for (int f = 0; f < NF; ++f) field(s[e], f) = along(field(slices[e], f), t, field(vs[e], f));
    DeviceArray<SabrSlice> ds(s);
    DeviceArray<double> dk(strikes), dp(price0);
    CUAD_LAUNCH(sabr_smile_price, 2, 16, ds.ptr, dk.ptr, ne, nk, dp.ptr);
    return dp.get();
  };
  DeviceArray<SabrSlice> ds(slices), t_s(vs);
  DeviceArray<double> dk(strikes), dp(price0), t_p(nq, 2.0);
  CUAD_GRAD(CUAD_LAUNCH(sabr_smile_price_pushforward_0_4, 2, 16, ds.ptr, dk.ptr, ne, nk, dp.ptr,
                        t_s.ptr, t_p.ptr));
  check.array("price", t_p.get(), directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
