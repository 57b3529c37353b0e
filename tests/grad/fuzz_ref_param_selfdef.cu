// cuad: --fn k --wrt x,y,out
// cuad: fwd --fn k
// A helper assigns its reference parameter once from its own value (`r = r + p * r`): the
// index analysis took that for a definition of `r` and expanded it into itself, doubling at
// every level (cuad never finished; scripts/fuzz, seed 1124).
__device__ void grow(double p, double& r) { r = r + p * r; }

__global__ void k(int n, const double* x, const double* y, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double t = x[i];
    for (int j = 0; j < 3; ++j) {
      grow(0.5 * y[i], t);
    }
    out[i] = sin(t) + t * y[(i + 1) % n];
  }
}
