// Written for cuad (round rw22d): clad::differentiate (forward mode, Clad's f_darg0) on
// application-style functions: a host RK4 integration of a Lotka-Volterra model calling a
// __host__ __device__ right-hand side that writes through pointers (w.r.t. a name and an
// index), Kepler's equation by a fixed count of Newton steps in a __host__ __device__
// function, an implied volatility by Newton steps in a while loop with a tolerance, and a
// function built from CUDA math (pow, atan2, hypot, fmin/fmax, fabs, erf, tanh, log1p, expm1,
// cbrt). Each derivative is printed, then compared in the program with a central finite
// difference (the "matches" lines); the printed values were computed from finite differences
// of the primal with Richardson extrapolation.
#include <cmath>
#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

__host__ __device__ void lv_rhs(double a, double b, double x, double y, double* fx, double* fy) {
  *fx = a * x - b * x * y;
  *fy = 0.7 * x * y - 0.8 * y;
}

double lv_prey_at_T(double alpha, double beta, double x0, double y0) {
  double x = x0, y = y0;
  const double h = 0.02;
  for (int s = 0; s < 100; ++s) {
    double k1x, k1y, k2x, k2y, k3x, k3y, k4x, k4y;
    lv_rhs(alpha, beta, x, y, &k1x, &k1y);
    lv_rhs(alpha, beta, x + 0.5 * h * k1x, y + 0.5 * h * k1y, &k2x, &k2y);
    lv_rhs(alpha, beta, x + 0.5 * h * k2x, y + 0.5 * h * k2y, &k3x, &k3y);
    lv_rhs(alpha, beta, x + h * k3x, y + h * k3y, &k4x, &k4y);
    x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    y += h / 6.0 * (k1y + 2.0 * k2y + 2.0 * k3y + k4y);
  }
  return x + 0.5 * y;
}

__host__ __device__ double kepler_E(double M, double e) {
  double E = M + e * sin(M);
  for (int it = 0; it < 8; ++it) E = E - (E - e * sin(E) - M) / (1.0 - e * cos(E));
  return E;
}

double norm_cdf(double x) { return 0.5 * erfc(-x * 0.70710678118654752); }

double bs_call(double S, double K, double T, double r, double sig) {
  const double d1 = (log(S / K) + (r + 0.5 * sig * sig) * T) / (sig * sqrt(T));
  return S * norm_cdf(d1) - K * exp(-r * T) * norm_cdf(d1 - sig * sqrt(T));
}

double implied_vol(double price, double S, double K, double T, double r) {
  double sig = sqrt(2.0 * fabs(log(S / K) + r * T) / T);
  double diff = 1.0;
  int it = 0;
  while (fabs(diff) > 1e-12 && it < 50) {
    const double d1 = (log(S / K) + (r + 0.5 * sig * sig) * T) / (sig * sqrt(T));
    const double vega = S * exp(-0.5 * d1 * d1) * 0.3989422804014327 * sqrt(T);
    diff = (bs_call(S, K, T, r, sig) - price) / vega;
    sig -= diff;
    ++it;
  }
  return sig;
}

double lib_mix(double x, double y) {
  const double r = hypot(x, y), th = atan2(y, x);
  const double a = fmin(fmax(r, 0.2), 1.5) + 0.05 * tanh(r);
  const double b = 0.5 * (1.0 + erf(th - 0.3)) * cbrt(x * y + 2.0);
  return log1p(expm1(0.3 * a) + expm1(0.2 * b) + 1.0) * pow(fabs(x - y) + 0.5, 1.7);
}

static double central(double (*f)(double)) {
  // Richardson-extrapolated central difference
  const double h = 1e-3;
  const double d1 = (f(h) - f(-h)) / (2 * h), d2 = (f(h / 2) - f(-h / 2)) / h;
  return (4 * d2 - d1) / 3;
}

static double g_a, g_b, g_c, g_d, g_e;
static void report(const char* name, double d, double fd) {
  printf("%s: %.4f\n", name, d);
  printf("%s matches: %s\n", name, std::fabs(d - fd) <= 1e-6 * (1.0 + std::fabs(fd)) ? "yes" : "no");
}

int main() {
  auto d_alpha = clad::differentiate(lv_prey_at_T, "alpha");
  auto d_beta = clad::differentiate(lv_prey_at_T, 1);
  auto d_x0 = clad::differentiate(lv_prey_at_T, "x0");
  auto d_e = clad::differentiate(kepler_E, "e");
  auto d_M = clad::differentiate(kepler_E, 0);
  auto d_price = clad::differentiate(implied_vol, "price");
  auto d_r = clad::differentiate(implied_vol, "r");
  auto d_mx = clad::differentiate(lib_mix, "x");
  auto d_my = clad::differentiate(lib_mix, "y");

  g_a = 1.1, g_b = 0.9, g_c = 1.2, g_d = 0.6;
  report("lv d/dalpha", d_alpha.execute(g_a, g_b, g_c, g_d),
         central([](double t) { return lv_prey_at_T(g_a + t, g_b, g_c, g_d); }));
  // CHECK-EXEC: lv d/dalpha: 2.4896
  // CHECK-EXEC-NEXT: lv d/dalpha matches: yes
  report("lv d/dbeta", d_beta.execute(g_a, g_b, g_c, g_d),
         central([](double t) { return lv_prey_at_T(g_a, g_b + t, g_c, g_d); }));
  // CHECK-EXEC-NEXT: lv d/dbeta: -2.7543
  // CHECK-EXEC-NEXT: lv d/dbeta matches: yes
  report("lv d/dx0", d_x0.execute(g_a, g_b, g_c, g_d),
         central([](double t) { return lv_prey_at_T(g_a, g_b, g_c + t, g_d); }));
  // CHECK-EXEC-NEXT: lv d/dx0: -0.2811
  // CHECK-EXEC-NEXT: lv d/dx0 matches: yes

  g_a = 2.1, g_b = 0.45;
  report("kepler d/de", d_e.execute(g_a, g_b),
         central([](double t) { return kepler_E(g_a, g_b + t); }));
  // CHECK-EXEC-NEXT: kepler d/de: 0.5052
  // CHECK-EXEC-NEXT: kepler d/de matches: yes
  report("kepler d/dM", d_M.execute(g_a, g_b),
         central([](double t) { return kepler_E(g_a + t, g_b); }));
  // CHECK-EXEC-NEXT: kepler d/dM: 0.7503
  // CHECK-EXEC-NEXT: kepler d/dM matches: yes

  g_b = 100.0, g_c = 95.0, g_d = 0.8, g_e = 0.03;
  g_a = bs_call(g_b, g_c, g_d, g_e, 0.27);
  report("iv d/dprice", d_price.execute(g_a, g_b, g_c, g_d, g_e),
         central([](double t) { return implied_vol(g_a + t, g_b, g_c, g_d, g_e); }));
  // CHECK-EXEC-NEXT: iv d/dprice: 0.0308
  // CHECK-EXEC-NEXT: iv d/dprice matches: yes
  report("iv d/dr", d_r.execute(g_a, g_b, g_c, g_d, g_e),
         central([](double t) { return implied_vol(g_a, g_b, g_c, g_d, g_e + t); }));
  // CHECK-EXEC-NEXT: iv d/dr: -1.3146
  // CHECK-EXEC-NEXT: iv d/dr matches: yes

  g_a = 0.7, g_b = -0.4;
  report("lib d/dx", d_mx.execute(g_a, g_b),
         central([](double t) { return lib_mix(g_a + t, g_b); }));
  // CHECK-EXEC-NEXT: lib d/dx: 2.3547
  // CHECK-EXEC-NEXT: lib d/dx matches: yes
  report("lib d/dy", d_my.execute(g_a, g_b),
         central([](double t) { return lib_mix(g_a, g_b + t); }));
  // CHECK-EXEC-NEXT: lib d/dy: -2.0957
  // CHECK-EXEC-NEXT: lib d/dy matches: yes
  return 0;
}
