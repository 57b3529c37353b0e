// cuad: --fn k
// cuad: fwd --fn k
// A kernel's own pointer parameter moved by helpers through a reference (`skipn(x, 2 * i)`,
// `take(x)`): each thread's `x` (and adjoint pointer) moves, so `x[0]` after the moves is a
// per-thread element, never the parameter's first element shared by all threads.
#include <cuda_runtime.h>

__device__ double take(const double*& p) {
  double v = *p;
  ++p;
  return v;
}
__device__ void skipn(const double*& p, int k) { p += k; }

__global__ void k(const double* x, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    skipn(x, 2 * i);
    double a = take(x);
    out[i] = a * x[0];
  }
}
