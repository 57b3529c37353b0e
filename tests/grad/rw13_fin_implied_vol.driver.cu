#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Black price on the host to make quotes from known vols
static double host_black(double F, double K, double sd) {
  const double d1 = log(F / K) / sd + 0.5 * sd;
  auto N = [](double x) { return 0.5 * erfc(-x / sqrt(2.0)); };
  return F * N(d1) - K * N(d1 - sd);
}

int main() {
  Checker check("rw13_fin_implied_vol");
  const int n = 40;
  Rng rng(123);
  double fwd = 100.0;
  std::vector<Quote> quotes(n);
  for (int i = 0; i < n; ++i) {
    const double K = rng.uniform(80.0, 125.0), T = rng.uniform(0.25, 3.0), v = rng.uniform(0.15, 0.45);
    quotes[i] = {K, T, host_black(fwd, K, v * sqrt(T))};
  }
  std::vector<double> tv0 = rng.vec(n), w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<Quote> dq(quotes);
    DeviceArray<double> dtv(tv0);
    CUAD_LAUNCH(implied_vol_surface, 1, 16, dq.ptr, fwd, n, dtv.ptr);
    return dot(w, dtv.get());
  };
  DeviceArray<Quote> dq(quotes), a_q(std::vector<Quote>(n, Quote{0, 0, 0}));
  DeviceArray<double> dtv(tv0), a_tv(w);
  DeviceScalar<double> a_f(0.0);
  CUAD_GRAD(CUAD_LAUNCH(implied_vol_surface_grad_0_1_3, 1, 16, dq.ptr, fwd, n, dtv.ptr, a_q.ptr,
                        a_f.ptr, a_tv.ptr));
  std::vector<Quote> g = a_q.get();
  for (int i = 0; i < n; ++i) {
    check.scalar(at("strike", i), g[i].strike, fd(quotes[i].strike, loss));
    check.scalar(at("expiry", i), g[i].expiry, fd(quotes[i].expiry, loss));
    check.scalar(at("price", i), g[i].price, fd(quotes[i].price, loss));
  }
  check.scalar("fwd", a_f.value(), fd(fwd, loss));
  check.array("total_var", a_tv.get(), std::vector<double>(n, 0.0));
#else
  std::vector<Quote> vq(n);
  for (int i = 0; i < n; ++i) vq[i] = {rng.uniform(-1, 1), rng.uniform(-0.1, 0.1), rng.uniform(-0.3, 0.3)};
  const double vf = 0.7;
  auto outputs_at = [&](double t) {
    std::vector<Quote> q = quotes;
    for (int i = 0; i < n; ++i)
      q[i] = {along(quotes[i].strike, t, vq[i].strike), along(quotes[i].expiry, t, vq[i].expiry),
              along(quotes[i].price, t, vq[i].price)};
    DeviceArray<Quote> dq(q);
    DeviceArray<double> dtv(tv0);
    CUAD_LAUNCH(implied_vol_surface, 1, 16, dq.ptr, along(fwd, t, vf), n, dtv.ptr);
    return dtv.get();
  };
  DeviceArray<Quote> dq(quotes), t_q(vq);
  DeviceArray<double> dtv(tv0), t_tv(n, 4.0);
  CUAD_GRAD(CUAD_LAUNCH(implied_vol_surface_pushforward, 1, 16, dq.ptr, fwd, n, dtv.ptr,
                        t_q.ptr, vf, t_tv.ptr));
  check.array("total_var", t_tv.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
