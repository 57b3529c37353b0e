// cuad: --fn soft_histogram --wrt pos,weight,scale,hist
// cuad: fwd --fn soft_histogram --wrt pos,weight,scale,hist
// Differentiable weighted histogram (linear-interpolation / "soft" binning, as used for
// histogram losses and kernel density features): each sample's weight is split between the
// two bins around its scaled position. Per-block privatised histogram in __shared__ memory
// with atomicAdd (bins cleared cooperatively, samples visited grid-stride), then the block's
// bins are added to the global histogram with atomicAdd. hist accumulates (+=).
#include <cuda_runtime.h>

#define NBINS 24

__device__ inline void split_bin(double p, int* b0, double* f) {
  const double fl = floor(p);
  *b0 = (int)fl;
  *f = p - fl;
}

__global__ void soft_histogram(int n, const double* __restrict__ pos, const double* __restrict__ weight,
                               double scale, double* __restrict__ hist) {
  __shared__ double s_hist[NBINS];
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) s_hist[b] = 0.0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const double p = pos[i] * scale;
    int b0;
    double f;
    split_bin(p, &b0, &f);
    const double wi = weight[i];
    if (b0 >= 0 && b0 < NBINS) atomicAdd(&s_hist[b0], wi * (1.0 - f));
    if (b0 + 1 >= 0 && b0 + 1 < NBINS) atomicAdd(&s_hist[b0 + 1], wi * f);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NBINS; b += blockDim.x) atomicAdd(&hist[b], s_hist[b]);
}
