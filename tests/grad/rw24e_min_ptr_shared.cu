// cuad: --fn k --wrt x,out
// Minimal repro (from rw24e_gsplat_tiles): a __shared__ array is overwritten in every loop iteration
// and read through a local pointer `p = buf`. The reverse pass reads p[0], p[1] through the
// pointer after the loop, so every iteration's adjoint uses the LAST iteration's values: the
// overwritten array is neither taped nor restored. Silent wrong gradient (x[0..3] wrong;
// reading buf[0] * buf[1] directly gives the right answer).
#include <cuda_runtime.h>

__global__ void k(const double* x, double* out, int rounds) {
  __shared__ double buf[2];
  double acc = 0.0;
  for (int r = 0; r < rounds; ++r) {
    buf[0] = x[2 * r];
    buf[1] = x[2 * r + 1];
    const double* p = buf;
    acc += p[0] * p[1];
  }
  out[0] = acc;
}
