// cuad: --fn k --wrt x,out
// Minimal repro: straight-line code, a local array read through a local pointer `p = buf`,
// then overwritten and read again through p. The reverse pass of the first product reads the
// second pair of values (the overwrite is not saved): d/dx[0], d/dx[1] are wrong, silently.
#include <cuda_runtime.h>

__global__ void k(const double* x, double* out, int rounds) {
  double buf[2];
  double acc = 0.0;
  const double* p = buf;
  buf[0] = x[0];
  buf[1] = x[1];
  acc += p[0] * p[1];
  buf[0] = x[2];
  buf[1] = x[3];
  acc += p[0] * p[1];
  out[0] = acc;
}
