// cuad: --fn weighted_histogram<16> --wrt x,weight,hist
// A block-private histogram of real weights in shared memory: zeroed by a strided loop,
// filled with shared-memory atomicAdd (bin from the data), merged into the global histogram with
// one global atomicAdd per bin and block. The weight is a smooth function of the sample.
#include <cuda_runtime.h>

template <int BINS>
__global__ void weighted_histogram(const float* x, const float* weight, float lo, float inv_width,
                                   float* hist, int n) {
  __shared__ float local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0.0f;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int bin = (int)((x[i] - lo) * inv_width);
    bin = min(max(bin, 0), BINS - 1);
    atomicAdd(&local[bin], weight[i] * expf(-0.5f * x[i] * x[i]));
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) atomicAdd(&hist[b], local[b]);
}
