// cuad: --fn k --wrt x,out
// Minimal repro: a pointer to a local scalar (`p = &v`), v reassigned in every loop iteration and
// read as *p. The reverse pass reads *p after the loop, so each iteration's adjoint of u uses
// the last iteration's v: d/dx[1], d/dx[3] are wrong, silently.
#include <cuda_runtime.h>

__global__ void k(const double* x, double* out, int rounds) {
  double v = 0.0, u = 0.0;
  const double* p = &v;
  double acc = 0.0;
  for (int r = 0; r < rounds; ++r) {
    v = x[2 * r];
    u = x[2 * r + 1];
    acc += *p * u;
  }
  out[0] = acc;
}
