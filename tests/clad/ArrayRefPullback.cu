// Old-style Clad custom pullback with clad::array_ref adjoint parameters (as in Clad <= 1.2
// user code): a stable norm whose pullback the user wrote.
#include <cstdio>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"
// Self-check helpers: compare with finite differences, count mismatches.
#include <cstdio>
#include <cmath>
static int g_fail = 0;
static void check(const char* what, int idx, double ad, double fd, double tol = 1e-5) {
  double err = fabs(ad - fd) / (1.0 + fabs(fd));
  if (!(err <= tol)) {
    ++g_fail;
    printf("MISMATCH %s[%d]: ad=%.10g fd=%.10g\n", what, idx, ad, fd);
  }
}
static int finish(const char* name) {
  printf("%s: %s (%d mismatches)\n", name, g_fail ? "FAIL" : "PASS", g_fail);
  return g_fail ? 1 : 0;
}
double norm2(const double* v, int m) {
  double s = 0;
  for (int i = 0; i < m; ++i) s += v[i] * v[i];
  return sqrt(s);
}
namespace clad { namespace custom_derivatives {
void norm2_pullback(const double* v, int m, double d_y, clad::array_ref<double> d_v, int* d_m) {
  double nv = norm2(v, m);
  for (int i = 0; i < m; ++i) d_v[i] += d_y * v[i] / nv;
}
}}
double loss(const double* v, double s) { return s * norm2(v, 3) + v[0]; }
int main() {
  double v[3] = {0.3, -1.2, 0.8}, dv[3] = {0, 0, 0}, ds = 0, h = 1e-6;
  auto g = clad::gradient(loss);
  g.execute(v, 2.0, dv, &ds);
  for (int i = 0; i < 3; ++i) {
    double q[3] = {v[0], v[1], v[2]};
    q[i] += h; double fp = loss(q, 2.0); q[i] -= 2 * h; double fm = loss(q, 2.0);
    check("dv", i, dv[i], (fp - fm) / (2 * h));
  }
  check("ds", 0, ds, norm2(v, 3));
  // CHECK-EXEC: ArrayRefPullback: PASS (0 mismatches)
  return finish("ArrayRefPullback");
}
