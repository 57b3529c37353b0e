// cuad: fwd --fn k
// A helper that sets a pointer it takes by reference to another address, `p = q + k` (a
// `double*&`), then reads and writes through it. Forward mode moves the tangent pointer by
// the helper's own code; reverse mode reports the call (ptr_ref_assign_rejected in
// crates/cli/tests/build.rs).
#include <cuda_runtime.h>

__device__ void seek(double*& p, double* q, int k) { p = q + k; }
__device__ double bump(double*& p, double s) {
  double v = *p;
  *p = v * s;
  ++p;
  return v;
}

__global__ void k(double* x, double* y, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double* p = x + 2 * i;
    double a = bump(p, s);
    seek(p, y, 2 * i + 1);
    double b = bump(p, a);
    y[2 * i] = a * b;
  }
}
