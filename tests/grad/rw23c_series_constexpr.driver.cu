#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
constexpr Basis kB = Basis::Chebyshev;
constexpr int kOrder = 6;
#else
constexpr Basis kB = Basis::Legendre;
constexpr int kOrder = 5;
#endif

int main() {
  Checker check("rw23c_series_constexpr");
  Rng rng(23314);
  const int n = 40;
  std::vector<double> coef = rng.vec(kOrder), x = rng.vec(n, -0.95, 0.95), y = rng.vec(n);
  std::vector<int> ord(n);
  for (int i = 0; i < n; ++i) ord[i] = i % 5;  // 0 and 4: the exp default, 1..3 the Taylor cases
  auto run = [&](const std::vector<double>& c, const std::vector<double>& xv) {
    DeviceArray<double> dc(c), dx(xv), dy(y);
    DeviceArray<int> dor(ord);
    CUAD_LAUNCH((eval_series<kB, kOrder>), 2, 32, dc.ptr, dx.ptr, dor.ptr, dy.ptr, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(coef, x)); };
  DeviceArray<double> dc(coef), dx(x), dy(y), ac(zeros<double>(kOrder)), ax(zeros<double>(n)), ay(w);
  DeviceArray<int> dor(ord);
  CUAD_GRAD(CUAD_LAUNCH((eval_series_grad_0_1_3<kB, kOrder>), 2, 32, dc.ptr, dx.ptr, dor.ptr, dy.ptr, n, ac.ptr, ax.ptr,
                        ay.ptr));
  check.array("coef", ac.get(), fd(coef, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y (only written)", ay.get(), zeros<double>(n));
#else
  const std::vector<double> vc = rng.vec(kOrder), vx = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(coef, t, vc), along(x, t, vx)); };
  DeviceArray<double> dc(coef), dx(x), dy(y), tc(vc), tx(vx), ty(zeros<double>(n));
  DeviceArray<int> dor(ord);
  CUAD_GRAD(CUAD_LAUNCH((eval_series_pushforward<kB, kOrder>), 2, 32, dc.ptr, dx.ptr, dor.ptr, dy.ptr, n, tc.ptr,
                        tx.ptr, ty.ptr));
  check.array("y tangent", ty.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("y value", dy.get(), run(coef, x));
#endif
#endif
  return check.finish();
}
