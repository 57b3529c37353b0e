#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Quotes priced from known volatilities, with |ln(S/K) + r T| > 0.02 (away from the fabs kink
// of the starting point).
static void quotes(int n, Rng& rng, double S, double r, std::vector<double>& price,
                   std::vector<double>& K, std::vector<double>& T) {
  price.resize(n);
  K.resize(n);
  T.resize(n);
  for (int i = 0; i < n; ++i) {
    for (;;) {
      K[i] = S * rng.uniform(0.85, 1.15);
      T[i] = rng.uniform(0.3, 2.0);
      if (std::fabs(std::log(S / K[i]) + r * T[i]) > 0.02) break;
    }
    price[i] = bs_call(S, K[i], T[i], r, rng.uniform(0.15, 0.5));
  }
}

int main() {
  Checker check("rw22d_implied_vol");
  Rng rng(2211);
  double S = 100.0, r = 0.03;
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2 || CUAD_OUTPUT == 5
  const int m = 6;
  std::vector<double> price, K, T;
  quotes(m, rng, S, r, price, K, T);
  for (int q = 0; q < m; ++q) {
    double p = price[q], k = K[q], t = T[q];
#if CUAD_OUTPUT == 5
    double Sv = S, rv = r;
    auto loss = [&]() { return implied_vol(p, Sv, k, t, rv); };
    double gp = 0, gS = 0, gK = 0, gT = 0, gr = 0;
    CUAD_GRAD(implied_vol_grad(p, Sv, k, t, rv, &gp, &gS, &gK, &gT, &gr));
    check.scalar(at("price", q), gp, fd(p, loss));
    check.scalar(at("S", q), gS, fd(Sv, loss));
    check.scalar(at("K", q), gK, fd(k, loss));
    check.scalar(at("T", q), gT, fd(t, loss));
    check.scalar(at("r", q), gr, fd(rv, loss));
#else
    double vp = 0.7, vS = 0.0, vK = 0.0, vT = 0.0, vr = -0.4;
#if CUAD_OUTPUT == 1
    vS = 0.5, vK = -0.8, vT = 0.3;
#endif
    auto outputs_at = [&](double h) {
      return std::vector<double>{implied_vol(along(p, h, vp), along(S, h, vS), along(k, h, vK),
                                             along(t, h, vT), along(r, h, vr))};
    };
    double value = 0.0, tangent = 0.0;
#if CUAD_OUTPUT == 1
    CUAD_GRAD({
      auto res = implied_vol_pushforward(p, S, k, t, r, vp, vS, vK, vT, vr);
      value = res.value;
      tangent = res.pushforward;
    });
#else
    CUAD_GRAD({
      auto res = implied_vol_pushforward_0_4(p, S, k, t, r, vp, vr);
      value = res.value;
      tangent = res.pushforward;
    });
#endif
    check.array(at("sigma'", q), std::vector<double>{tangent}, directional_fd<double>(outputs_at));
    check.array(at("sigma", q), std::vector<double>{value}, outputs_at(0.0), Tol{1e-10, 1e-10});
#endif
  }
#else
  const int n = 40;
  std::vector<double> price, K, T;
  quotes(n, rng, S, r, price, K, T);
#if CUAD_OUTPUT == 4
  std::vector<double> wi = rng.vec(n), wv = rng.vec(n, -0.02, 0.02);
  auto loss = [&]() {
    DeviceArray<double> dp(price), dK(K), dT(T), div(zeros<double>(n)), dv(zeros<double>(n));
    CUAD_LAUNCH(iv_surface, 2, 32, n, dp.ptr, dK.ptr, dT.ptr, S, r, div.ptr, dv.ptr);
    return dot(wi, div.get()) + dot(wv, dv.get());
  };
  DeviceArray<double> dp(price), dK(K), dT(T), div(zeros<double>(n)), dv(zeros<double>(n)),
      ap(zeros<double>(n)), aK(zeros<double>(n)), aT(zeros<double>(n)), aiv(wi), av(wv);
  DeviceScalar<double> aS(0.0), ar(0.0);
  CUAD_GRAD(CUAD_LAUNCH(iv_surface_grad_1_2_3_4_5_6_7, 2, 32, n, dp.ptr, dK.ptr, dT.ptr, S, r,
                        div.ptr, dv.ptr, ap.ptr, aK.ptr, aT.ptr, aS.ptr, ar.ptr, aiv.ptr, av.ptr));
  check.array("price", ap.get(), fd(price, loss));
  check.array("K", aK.get(), fd(K, loss));
  check.array("T", aT.get(), fd(T, loss));
  check.scalar("S", aS.value(), fd(S, loss));
  check.scalar("r", ar.value(), fd(r, loss));
#else
  std::vector<double> vp = rng.vec(n, -0.5, 0.5), vK = rng.vec(n), vT = rng.vec(n, -0.2, 0.2);
  double vS = 0.6, vr = 0.3;
  auto outputs_at = [&](double h) {
    DeviceArray<double> dp(along(price, h, vp)), dK(along(K, h, vK)), dT(along(T, h, vT)),
        div(zeros<double>(n)), dv(zeros<double>(n));
    CUAD_LAUNCH(iv_surface, 2, 32, n, dp.ptr, dK.ptr, dT.ptr, along(S, h, vS), along(r, h, vr),
                div.ptr, dv.ptr);
    std::vector<double> out = div.get(), v = dv.get();
    out.insert(out.end(), v.begin(), v.end());
    return out;
  };
  DeviceArray<double> dp(price), d_p(vp), dK(K), d_K(vK), dT(T), d_T(vT), div(zeros<double>(n)),
      d_iv(zeros<double>(n)), dv(zeros<double>(n)), d_v(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(iv_surface_pushforward, 2, 32, n, dp.ptr, dK.ptr, dT.ptr, S, r, div.ptr,
                        dv.ptr, d_p.ptr, d_K.ptr, d_T.ptr, vS, vr, d_iv.ptr, d_v.ptr));
  std::vector<double> tan = d_iv.get(), tv = d_v.get();
  tan.insert(tan.end(), tv.begin(), tv.end());
  check.array("iv,vega", tan, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
