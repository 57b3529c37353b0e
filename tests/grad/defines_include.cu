// cuad: --fn shaped --wrt out,in -D ORDER=3 -I helpers
// Command-line macros and include folders: ORDER comes from -D, the helper from a header
// found through -I. Compiling the output needs the same flags as compiling this file.
#include "poly_helpers.cuh"

#ifndef ORDER
#error "ORDER must be defined on the command line"
#endif

__global__ void shaped(double* out, const double* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double acc = 1.0;
    for (int k = 0; k < ORDER; ++k) acc = poly_step(acc, in[i], 0.5 * k);
    out[i] = acc;
  }
}
