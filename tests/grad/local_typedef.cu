// cuad: --fn alias_poly --wrt y,x
// Type aliases declared inside function bodies (typedef and using): the variables declared
// with them carry derivatives like any double.
__device__ double sq(double x) {
  typedef double T;
  T r = x * x;
  return r;
}

__device__ double cube(double x) {
  using U = double;
  U r = x * x * x;
  return r;
}

__global__ void alias_poly(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    typedef double real;
    real r = 1;
    for (int j = 0; j < 3; ++j) r *= x[i];
    y[i] = r + sq(x[i]) + 0.5 * cube(x[i]);
  }
}
