// cuad: fwd --fn clipped_poly
// A per-thread local array of coefficients (Horner), a loop with continue and break on
// data-dependent conditions, fmin/fmax/fabs clamps and a ternary; an `auto` return type.
__device__ auto horner(const double* c, int m, double t) {  // return type deduced
  double r = c[m - 1];
  for (int j = m - 2; j >= 0; --j) r = r * t + c[j];
  return r;
}
__global__ void clipped_poly(int n, int m, const double* x, const double* w, double lo,
                             double hi, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double c[4];
  for (int j = 0; j < 4; ++j) c[j] = w[j] * (j + 1);
  double acc = 0.0;
  for (int k = 0; k < m; ++k) {
    double t = x[(i + k) % n];
    if (t < -1.5) continue;
    double p = horner(c, 4, t);
    double clamped = fmin(fmax(p, lo), hi);
    acc += k % 2 == 0 ? clamped : fabs(p) * 0.5;
    if (acc > 6.0) break;
  }
  out[i] = acc;
}
