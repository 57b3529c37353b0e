// cuad: fwd --fn scale
// An in-place update: the tangent code reads x[i] before the primal overwrites it.
__global__ void scale(int n, double* x, double a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    x[i] = x[i] * a;
    x[i] = x[i] * x[i] + a;
  }
}
