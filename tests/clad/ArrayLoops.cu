// Written for cuad (its own program, not adapted from another project): reverse mode of host
// functions that loop over an array: weighted sums, a running product, a nested pairwise loop,
// a `while` loop calling a helper, sums of logarithms and a log-sum-exp. Every request sits in
// a macro that names its gradient object by token pasting (`auto F##_grad = clad::gradient(F,
// "p");`) and differentiates with respect to the array `p` only. The expected output is this
// file's `// CHECK-EXEC:` lines (exact derivatives, worked out next to each request), checked
// by crates/cli/tests/build.rs (clad_array_loops) and scripts/clad-gpu.sh.
#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"

double weighted_sum(double *p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += (i + 1) * p[i];
  return s;
}

double running_product(double *p, int n) {
  double r = 1;
  for (int i = 0; i < n; i++)
    r *= p[i];
  return r;
}

double pair_products(double *p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      s += p[i] * p[j];
  return s;
}

double cube(double v) { return v * v * v; }

double sum_of_cubes(double *p, int n) {
  double s = 0;
  int i = 0;
  while (i < n) {
    s += cube(p[i]);
    ++i;
  }
  return s;
}

// Interior-point barrier keeping p above the bounds lo (a `double` count, compared with the
// int counter).
double log_barrier(const double *lo, double *p, double n, double mu) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s -= mu * std::log(p[i] - lo[i]);
  return s;
}

double log_sum_exp(double *p, int n) {
  double total = 0;
  for (int i = 0; i < n; ++i)
    total += std::exp(p[i]);
  return std::log(total);
}

#define PRINT_GRAD_P(F, ...)                                                   \
  {                                                                            \
    double dp[5] = {0, 0, 0, 0, 0};                                            \
    auto F##_grad = clad::gradient(F, "p");                                    \
    F##_grad.execute(__VA_ARGS__, dp);                                         \
    printf("%s: %.4f %.4f %.4f %.4f %.4f\n", #F, dp[0], dp[1], dp[2], dp[3], \
           dp[4]);                                                             \
  }

int main() {
  double p[5] = {0.5, 1.0, 2.0, 4.0, 0.25};
  double lo[5] = {0.0, 0.5, 1.0, 3.0, -1.0};
  // d/dp_k = k + 1
  PRINT_GRAD_P(weighted_sum, p, 5);
  // CHECK-EXEC: weighted_sum: 1.0000 2.0000 3.0000 4.0000 5.0000
  // prod p = 1, so d/dp_k = 1 / p_k
  PRINT_GRAD_P(running_product, p, 5);
  // CHECK-EXEC-NEXT: running_product: 2.0000 1.0000 0.5000 0.2500 4.0000
  // d/dp_k = sum(p) - p_k, sum(p) = 7.75
  PRINT_GRAD_P(pair_products, p, 5);
  // CHECK-EXEC-NEXT: pair_products: 7.2500 6.7500 5.7500 3.7500 7.5000
  // d/dp_k = 3 p_k^2
  PRINT_GRAD_P(sum_of_cubes, p, 5);
  // CHECK-EXEC-NEXT: sum_of_cubes: 0.7500 3.0000 12.0000 48.0000 0.1875
  // d/dp_k = -mu / (p_k - lo_k), mu = 0.5, p - lo = {0.5, 0.5, 1, 1, 1.25}
  PRINT_GRAD_P(log_barrier, lo, p, 5.0, 0.5);
  // CHECK-EXEC-NEXT: log_barrier: -1.0000 -1.0000 -0.5000 -0.5000 -0.4000
  // d/dp_k = softmax(p)_k = exp(p_k) / sum_i exp(p_i)
  PRINT_GRAD_P(log_sum_exp, p, 5);
  // CHECK-EXEC-NEXT: log_sum_exp: 0.0244 0.0402 0.1092 0.8072 0.0190
  return 0;
}
