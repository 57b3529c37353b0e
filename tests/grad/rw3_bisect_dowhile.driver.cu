#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_bisect_dowhile");
  const int n = 12;
  Rng rng(3129);
  std::vector<double> price = rng.vec(n, 0.85, 1.15), coupon = rng.vec(n, 0.01, 0.08), w = rng.vec(n);
  std::vector<int> years(n);
  for (int i = 0; i < n; ++i) years[i] = 2 + i % 7;
  DeviceArray<int> d_y(years);
  // a bisection's result moves in steps; with one Newton step after it the finite differences
  // see the smooth solution only with a step well above the bisection's width
  Tol tol{1e-5, 1e-4};
  auto loss = [&] {
    DeviceArray<double> d_p(price), d_c(coupon), d_o(n, 0.0);
    CUAD_LAUNCH(implied_rate, 1, 16, d_p.ptr, d_c.ptr, d_y.ptr, d_o.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_p(price), d_c(coupon), d_o(n, 0.0), a_p(zeros<double>(n)), a_c(zeros<double>(n)),
      a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(implied_rate_grad_0_1_3, 1, 16, d_p.ptr, d_c.ptr, d_y.ptr, d_o.ptr, n, a_p.ptr,
                        a_c.ptr, a_o.ptr));
  check.array("price", a_p.get(), fd(price, loss), tol);
  check.array("coupon", a_c.get(), fd(coupon, loss), tol);
  check.array("out", a_o.get(), std::vector<double>(n, 0.0));
  return check.finish();
}
