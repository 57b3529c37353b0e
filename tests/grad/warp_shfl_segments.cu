// cuad: --fn seg_bcast --wrt x,y
// cuad: fwd --fn seg_bcast
// Broadcasts within warp segments (`__shfl_sync(mask, v, src, 8)`, each 8-lane group reads
// its own lane `src`) and straight from const memory (`__shfl_sync(mask, x[t], 3)`): the
// adjoint of the source lane sums its segment's adjoints only (a butterfly over offsets
// width/2 .. 1). (Before: over the whole warp, and a const temporary that did not compile.)
#include <cuda_runtime.h>

__global__ void seg_bcast(const double* x, double* y) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  double v = x[t] * x[t];
  v = __shfl_sync(0xffffffffu, v, 2, 8);
  const double w = __shfl_sync(0xffffffffu, x[t], 3);
  y[t] = v * w + y[t] * __shfl_sync(0xffffffffu, x[t], 5, 16);
}
