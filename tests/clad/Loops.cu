// Adapted from Clad's test suite: vgvassilev/clad, test/Gradient/Loops.C (LGPL-3.0), with
// attribution: the loop-over-array functions (f_sum, f_sum_squares, f_log_gaus) and their
// `// CHECK-EXEC:` values; the lit lines and the checks of Clad's generated source are dropped.
// The request sits in a macro with token pasting (`auto F##_grad = clad::gradient(F, "p");`),
// as Clad's tests write them. Checked by crates/cli/tests/build.rs (clad_loops_match_clad).
#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"

double sq(double x) { return x * x; }

double f_sum(double *p, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

double f_sum_squares(double *p, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sq(p[i]);
  return s;
}

// log-likelihood of n-dimensional gaussian distribution with covariance sigma^2*I
double f_log_gaus(double *x, double *p /*means*/, double n, double sigma) {
  double power = 0;
  for (int i = 0; i < n; i++)
    power += sq(x[i] - p[i]);
  power = -power / (2 * sq(sigma));
  double gaus = 1. / std::sqrt(std::pow(2 * M_PI, n) * sigma) * std::exp(power);
  return std::log(gaus);
}

#define TEST_P(F, ...)                                                          \
  {                                                                             \
    for (int i = 0; i < 5; i++) result[i] = 0;                                  \
    auto F##_grad = clad::gradient(F, "p");                                     \
    F##_grad.execute(__VA_ARGS__, result);                                      \
    printf("{%.2f, %.2f, %.2f, %.2f, %.2f}\n", result[0], result[1], result[2], \
           result[3], result[4]);                                               \
  }

int main() {
  double result[5] = {};
  double p[] = {1, 2, 3, 4, 5};
  double x[] = {1, 1, 1, 1, 1};
  TEST_P(f_sum, p, 5);              // CHECK-EXEC: {1.00, 1.00, 1.00, 1.00, 1.00}
  TEST_P(f_sum_squares, p, 5);      // CHECK-EXEC: {2.00, 4.00, 6.00, 8.00, 10.00}
  TEST_P(f_log_gaus, x, p, 5, 2.0); // CHECK-EXEC: {0.00, -0.25, -0.50, -0.75, -1.00}
}
