// cuad: --fn stencil3 --wrt y,x
// cuad: --fn dot<double,3>
// Reference-to-array parameters: `const double (&a)[3]` read by a helper, `double (&a)[4]`
// filled by a helper, both called with local arrays of a kernel; a template deducing the
// length from the array reference; one deducing the element type too, called with an
// array that carries no derivative.
__device__ double sum3(const double (&a)[3]) { return a[0] + 2.0 * a[1] * a[2]; }

__device__ void fill(double (&a)[4], double v) {
  for (int k = 0; k < 4; ++k) a[k] = v * (k + 1);
}

template <int N>
__device__ double sumsq(const double (&a)[N]) {
  double s = 0.0;
  for (int k = 0; k < N; ++k) s += a[k] * a[k];
  return s;
}

template <typename T, int N>
__device__ T dot(const T (&a)[N], const T (&b)[N]) {
  T s = T(0);
  for (int k = 0; k < N; ++k) s += a[k] * b[k];
  return s;
}

__global__ void stencil3(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double w[3] = {x[i], x[(i + 1) % n], x[(i + 2) % n]};
    double f[4];
    fill(f, sin(x[i]));
    double c[3] = {1.0, -2.0, 0.5};
    y[i] = sum3(w) + sumsq(f) + f[2] * w[0] + dot(w, c) * dot(c, w);
  }
}
