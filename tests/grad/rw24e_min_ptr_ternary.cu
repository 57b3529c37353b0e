// cuad: --fn k --wrt x,out
// Minimal repro: a local array selected by a ternary of pointers (`dst = (r & 1) ? b : a`),
// written and read through dst in a loop; at r = 2 the stores overwrite a, which the reverse
// of r = 0 still needs. dst[1] is saved before its store but dst[0] is not, so the adjoint of
// x[1] uses the wrong dst[0]: silently wrong.
#include <cuda_runtime.h>

__global__ void k(const double* x, double* out, int rounds) {
  double a[2], b[2];
  double acc = 0.0;
  for (int r = 0; r < rounds; ++r) {
    double* dst = (r & 1) ? b : a;
    dst[0] = x[2 * r];
    dst[1] = x[2 * r + 1];
    acc += dst[0] * dst[1];
  }
  out[0] = acc;
}
