// cuad: --fn arrs --wrt y,x
// Variant of cx_array_ref with pointer parameters instead of references to arrays: local arrays
// and as `double a[3]` parameters; `#pragma unroll` loops (with and
// without a count) and a 2-D local array.
__device__ void fill(double* a, const double* src) {
#pragma unroll
  for (int k = 0; k < 3; ++k) a[k] = src[k] * (k + 1);
}
__device__ double dot3(const double* a, const double* b) {
  double s = 0.0;
#pragma unroll 3
  for (int k = 0; k < 3; ++k) s += a[k] * b[k];
  return s;
}
__device__ void scale(double* a, int m, double f) {
#pragma unroll 2
  for (int k = 0; k < m; ++k) a[k] *= f;
}
__device__ double first_sum(double a[3]) { return a[0] + a[1] * a[2]; }

__global__ void arrs(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a[3], b[3];
    fill(a, &x[3 * i]);
    fill(b, &x[3 * ((i + 1) % n)]);
    scale(b, 3, a[0]);
    double m[2][3];
#pragma unroll
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 3; ++c) m[r][c] = r == 0 ? a[c] : b[c] * a[c];
    y[i] = dot3(a, b) + first_sum(m[1]) + sin(m[0][2]) * y[i];
  }
}
