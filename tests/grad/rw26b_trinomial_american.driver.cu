#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> flat(const std::vector<TreeSpec>& s) {
  std::vector<double> v;
  for (const auto& o : s) v.insert(v.end(), {o.s0, o.K, o.r, o.q, o.sigma, o.T});
  return v;
}
static std::vector<TreeSpec> unflat(const std::vector<double>& v) {
  std::vector<TreeSpec> s(v.size() / 6);
  for (size_t i = 0; i < s.size(); ++i)
    s[i] = TreeSpec{v[6 * i], v[6 * i + 1], v[6 * i + 2], v[6 * i + 3], v[6 * i + 4], v[6 * i + 5]};
  return s;
}

int main() {
  Checker check("rw26b_trinomial_american");
  Rng rng(26404);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  const int steps = 25;
  TreeSpec o{98.7, 101.3, 0.045, 0.01, 0.27, 0.8};
  for (int type = 0; type < 2; ++type) {
#if CUAD_OUTPUT == 1
    auto loss = [&] { return trinomial_american(o, steps, type); };
    TreeSpec g{0, 0, 0, 0, 0, 0};
    CUAD_GRAD(trinomial_american_grad_0(o, steps, type, &g));
    const char* names[] = {"s0", "K", "r", "q", "sigma", "T"};
    double* f[] = {&o.s0, &o.K, &o.r, &o.q, &o.sigma, &o.T};
    const double* gf[] = {&g.s0, &g.K, &g.r, &g.q, &g.sigma, &g.T};
    for (int k = 0; k < 6; ++k) check.scalar(at(names[k], type), *gf[k], fd(*f[k], loss));
#else
    const TreeSpec v{1.5, -0.7, 0.01, 0.02, 0.05, 0.3};
    auto outputs_at = [&](double t) {
      TreeSpec q{along(o.s0, t, v.s0), along(o.K, t, v.K), along(o.r, t, v.r),
                 along(o.q, t, v.q), along(o.sigma, t, v.sigma), along(o.T, t, v.T)};
      return std::vector<double>{trinomial_american(q, steps, type)};
    };
#if !defined(CUAD_SELFTEST)
    auto res = trinomial_american_pushforward(o, steps, type, v);
    check.array(at("tangent", type), std::vector<double>{res.pushforward},
                directional_fd<double>(outputs_at));
    check.scalar(at("value", type), res.value, trinomial_american(o, steps, type));
#else
    check.array("tangent", std::vector<double>{0.0}, directional_fd<double>(outputs_at));
#endif
#endif
  }
#else
  const int n = 12, steps = 20;
  std::vector<TreeSpec> specs(n);
  std::vector<int> types(n);
  std::vector<double> pos = rng.vec(n, -2.0, 2.0), prices0(n, 0.0);
  for (int i = 0; i < n; ++i) {
    specs[i] = TreeSpec{rng.uniform(80, 120), rng.uniform(85, 115), rng.uniform(0.01, 0.06),
                        rng.uniform(0.0, 0.03), rng.uniform(0.15, 0.4), rng.uniform(0.25, 2.0)};
    types[i] = i % 3 == 0 ? CALL : PUT;
  }
  std::vector<double> sv = flat(specs);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<TreeSpec> ds(unflat(sv));
    DeviceArray<int> dt(types);
    DeviceArray<double> dp(pos), dout(prices0);
    CUAD_LAUNCH(price_book, 1, 32, ds.ptr, dt.ptr, dp.ptr, n, steps, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<TreeSpec> ds(specs), gs(std::vector<TreeSpec>(n, TreeSpec{0, 0, 0, 0, 0, 0}));
  DeviceArray<int> dt(types);
  DeviceArray<double> dp(pos), dout(prices0), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(price_book_grad_0_5, 1, 32, ds.ptr, dt.ptr, dp.ptr, n, steps, dout.ptr,
                        gs.ptr, gout.ptr));
  check.array("specs", flat(gs.get()), fd(sv, loss));
  check.array("prices", gout.get(), zeros<double>(n));
#endif
  return check.finish();
}
