// cuad: --fn build_pyramid --wrt img,pyr
// cuad: fwd --fn build_pyramid --wrt img,pyr
// Gaussian image pyramid (mip chain for multi-scale losses / coarse-to-fine flow): one device
// buffer holds every level at host-computed offsets, a host loop launches a 2x downsampling
// kernel per level (level l-1 -> level l, pointer arithmetic on the buffer), each output
// pixel a separable 4x4 binomial [1 3 3 1] / 8 filter with clamp-to-edge taps from a
// __constant__ table under #pragma unroll, then a per-level contrast kernel (tanh of a gain
// times the pixel) before the whole chain is copied back to the host.
#include <cuda_runtime.h>
#include <math.h>

#define MAX_LEVELS 4
__constant__ double c_binom[4] = {0.125, 0.375, 0.375, 0.125};

__global__ void downsample2x(const double* __restrict__ src, double* __restrict__ dst, int sw,
                             int sh) {
  const int dw = sw / 2, dh = sh / 2;
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= dw || y >= dh) return;
  double acc = 0.0;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    const int yy = min(max(2 * y - 1 + j, 0), sh - 1);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int xx = min(max(2 * x - 1 + i, 0), sw - 1);
      acc += c_binom[j] * c_binom[i] * src[yy * sw + xx];
    }
  }
  dst[y * dw + x] = acc;
}

__global__ void contrast(double* __restrict__ v, int n, double gain) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    v[i] = tanh(gain * v[i]);
}

// pyr receives levels 0..levels-1 back to back (level l is (W >> l) x (H >> l))
void build_pyramid(const double* img, int W, int H, int levels, double gain, double* pyr) {
  int off[MAX_LEVELS + 1];
  off[0] = 0;
  for (int l = 0; l < levels; ++l) off[l + 1] = off[l] + (W >> l) * (H >> l);
  double* d_buf;
  cudaMalloc(&d_buf, off[levels] * sizeof(double));
  cudaMemcpy(d_buf, img, W * H * sizeof(double), cudaMemcpyHostToDevice);
  for (int l = 1; l < levels; ++l) {
    const int sw = W >> (l - 1), sh = H >> (l - 1);
    dim3 block(8, 8), grid((sw / 2 + 7) / 8, (sh / 2 + 7) / 8);
    downsample2x<<<grid, block>>>(d_buf + off[l - 1], d_buf + off[l], sw, sh);
  }
  contrast<<<2, 64>>>(d_buf, off[levels], gain);
  cudaMemcpy(pyr, d_buf, off[levels] * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_buf);
}
