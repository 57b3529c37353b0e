// cuad: --fn iir_columns --wrt img,coef,out
// Column-wise first-order IIR (exponential smoothing down the columns) on a tile in shared
// memory: a block of TX threads loads a TX-wide, H-tall strip (H <= MAXH) into shared memory
// through a loop over rows, then each thread runs the causal recurrence down its column in
// place, s[i][tx] = (1 - a) s[i][tx] + a s[i-1][tx], then the anticausal one back up in place,
// and writes the strip out. The per-column coefficient a comes from a logistic of a learnable
// parameter per column.
#include <cuda_runtime.h>

#define TX 8
#define MAXH 16

__device__ __forceinline__ double logistic(double v) { return 1.0 / (1.0 + exp(-v)); }

__global__ void iir_columns(const double* __restrict__ img, const double* __restrict__ coef, int W,
                            int H, double* __restrict__ out) {
  __shared__ double s[MAXH][TX];
  const int tx = threadIdx.x;
  const int x = blockIdx.x * TX + tx;
  for (int i = 0; i < H; ++i) s[i][tx] = x < W ? img[i * W + x] : 0.0;
  __syncthreads();
  if (x >= W) return;
  const double a = logistic(coef[x]);
  for (int i = 1; i < H; ++i) s[i][tx] = (1.0 - a) * s[i][tx] + a * s[i - 1][tx];
  for (int i = H - 2; i >= 0; --i) s[i][tx] = (1.0 - a) * s[i][tx] + a * s[i + 1][tx];
  for (int i = 0; i < H; ++i) out[i * W + x] = s[i][tx];
}
