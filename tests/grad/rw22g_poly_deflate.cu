// cuad: --fn poly_real_roots --wrt coef,roots
// cuad: fwd --fn poly_real_roots
// Real roots of a batch of degree-5 polynomials with real, simple roots (characteristic
// polynomials, dispersion relations), one polynomial per thread: Newton's method on the
// deflated polynomial started above the Cauchy bound (monotone convergence to the largest
// remaining root), p and p' by Horner in one loop, a `break` once the step is below a
// relative tolerance and an iteration cap; the root polished by two Newton steps on the
// original polynomial, then synthetic division deflates the local coefficient array in
// place (its degree shrinking by one).
#define DEG 5

__device__ __forceinline__ void horner2(const double* c, int deg, double x, double& p,
                                        double& dp) {
  p = c[deg];
  dp = 0.0;
  for (int k = deg - 1; k >= 0; --k) {
    dp = dp * x + p;
    p = p * x + c[k];
  }
}

__global__ void poly_real_roots(int npoly, const double* coef, double* roots, int* iters) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= npoly) return;
  double orig[DEG + 1], c[DEG + 1];
#pragma unroll
  for (int k = 0; k <= DEG; ++k) orig[k] = c[k] = coef[t * (DEG + 1) + k];
  int total = 0;
  for (int deg = DEG; deg >= 1; --deg) {
    // Cauchy bound of the deflated polynomial
    double bound = 0.0;
    for (int k = 0; k < deg; ++k) bound = fmax(bound, fabs(c[k] / c[deg]));
    double x = 1.0 + bound;
    for (int it = 0; it < 100; ++it) {
      double p, dp;
      horner2(c, deg, x, p, dp);
      const double step = p / dp;
      x -= step;
      ++total;
      if (fabs(step) <= 1e-14 * (1.0 + fabs(x))) break;
    }
    for (int pol = 0; pol < 2; ++pol) {  // polish on the undeflated polynomial
      double p, dp;
      horner2(orig, DEG, x, p, dp);
      x -= p / dp;
    }
    roots[t * DEG + (DEG - deg)] = x;
    // deflate: c(z) = (z - x) q(z), q overwrites c[0..deg-1]
    double carry = c[deg];
    for (int k = deg - 1; k >= 0; --k) {
      const double ck = c[k];
      c[k] = carry;
      carry = ck + carry * x;
    }
  }
  iters[t] = total;
}
