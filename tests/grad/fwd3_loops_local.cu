// cuad: fwd --fn solve3
// Per-thread 3x3 linear solve by Gaussian elimination with partial pivoting: a local 3x4
// matrix indexed by loop variables, a data-dependent row swap, nested loops, back
// substitution with an accumulator overwritten per row; then a while loop with a
// data-dependent exit (bisection on the solution's norm) in a device function with an early
// return, a break and a continue.
__device__ double bisect_radius(const double* s, double target) {
  double lo = 0.0, hi = 4.0;
  double nrm = s[0] * s[0] + s[1] * s[1] + s[2] * s[2];
  if (nrm < 1e-12) return 0.0;
  int it = 0;
  while (hi - lo > 1e-9) {
    double mid = 0.5 * (lo + hi);
    if (mid * mid * nrm > target) hi = mid;
    else lo = mid;
    if (++it > 200) break;
  }
  // a Newton polish that the bisection leaves almost converged
  double r = 0.5 * (lo + hi);
  for (int k = 0; k < 3; ++k) {
    double fr = r * r * nrm - target;
    if (fabs(fr) < 1e-300) continue;
    r = r - fr / (2.0 * r * nrm);
  }
  return r;
}
__global__ void solve3(int n, const double* A, const double* b, double target, double* x, double* radius) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  double m[3][4];
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) m[r][c] = A[t * 9 + r * 3 + c];
    m[r][3] = b[t * 3 + r];
  }
  for (int p = 0; p < 3; ++p) {
    int piv = p;
    for (int r = p + 1; r < 3; ++r)
      if (fabs(m[r][p]) > fabs(m[piv][p])) piv = r;
    if (piv != p) {
      for (int c = 0; c < 4; ++c) {
        double tmp = m[p][c];
        m[p][c] = m[piv][c];
        m[piv][c] = tmp;
      }
    }
    for (int r = p + 1; r < 3; ++r) {
      double f = m[r][p] / m[p][p];
      for (int c = p; c < 4; ++c) m[r][c] -= f * m[p][c];
    }
  }
  double s[3];
  for (int r = 2; r >= 0; --r) {
    double acc = m[r][3];
    for (int c = r + 1; c < 3; ++c) acc -= m[r][c] * s[c];
    s[r] = acc / m[r][r];
  }
  for (int r = 0; r < 3; ++r) x[t * 3 + r] = s[r];
  radius[t] = bisect_radius(s, target);
}
