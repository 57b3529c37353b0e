// cuad: --fn compact_positive --wrt x,out
// Stream compaction: each thread with a positive input claims an output slot with the value an
// atomicAdd on a counter returns and writes a transformed value there (the order of the slots
// differs from run to run; the loss weighs all slots alike).
#include <cuda_runtime.h>

__global__ void compact_positive(const double* x, double* out, int* count, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double xi = x[i];
  if (xi > 0.0) {
    const int slot = atomicAdd(count, 1);
    out[slot] = xi * xi + sin(xi);
  }
}
