// cuad: --fn fir_rows<uint8_t,3> --wrt taps,bias,out
// cuad: fwd --fn fir_rows<uint8_t,3> --wrt taps,bias,out
// 1-D FIR filtering along rows of an 8-bit image, as a kernel template over the storage type
// and the radius: the block stages its row segment plus a halo of R samples on each side in
// dynamic shared memory (converted to float, normalized to [0, 1], clamp-to-edge), the taps
// are copied into a static shared array by the first 2R+1 threads, and each thread sums its
// window then adds a learnable bias and a softplus nonlinearity.
#include <cuda_runtime.h>
#include <cstdint>

template <typename Tin>
__device__ __forceinline__ float to_unit(Tin v) { return (float)v * (1.0f / 255.0f); }

template <typename Tin, int R>
__global__ void fir_rows(const Tin* __restrict__ img, int W, int H, const float* __restrict__ taps,
                         float bias, float* __restrict__ out) {
  extern __shared__ float seg[];
  __shared__ float k[2 * R + 1];
  const int tx = threadIdx.x;
  const int y = blockIdx.y;
  const int x0 = blockIdx.x * blockDim.x;
  const Tin* row = img + y * W;
  for (int i = tx; i < (int)blockDim.x + 2 * R; i += blockDim.x) {
    int xs = x0 + i - R;
    xs = xs < 0 ? 0 : (xs > W - 1 ? W - 1 : xs);
    seg[i] = to_unit(row[xs]);
  }
  if (tx < 2 * R + 1) k[tx] = taps[tx];
  __syncthreads();
  const int x = x0 + tx;
  if (x >= W) return;
  float acc = bias;
#pragma unroll
  for (int j = 0; j < 2 * R + 1; ++j) acc += k[j] * seg[tx + j];
  out[y * W + x] = acc > 15.0f ? acc : log1pf(expf(acc));
}

template __global__ void fir_rows<uint8_t, 3>(const uint8_t*, int, int, const float*,
                                                    float, float*);
