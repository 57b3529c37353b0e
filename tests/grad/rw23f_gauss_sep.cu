// cuad: --fn gaussian_blur --wrt img,sigma,out
// cuad: fwd --fn gaussian_blur --wrt img,sigma,out
// Separable Gaussian blur as an image pipeline writes it: 2-D thread blocks (dim3), a row pass
// and a column pass, each staging a shared-memory tile with a halo of RADIUS pixels on the
// sides it filters along, clamp-to-edge addressing at the image borders. The taps are built on
// the host from a learnable sigma (normalized), uploaded, and both passes launched.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

#define TILE_X 8
#define TILE_Y 8
#define RADIUS 2

__device__ __forceinline__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void blur_rows(const float* __restrict__ in, float* __restrict__ out,
                          const float* __restrict__ taps, int W, int H) {
  __shared__ float tile[TILE_Y][TILE_X + 2 * RADIUS];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * TILE_X + tx, y = blockIdx.y * TILE_Y + ty;
  const int yc = clampi(y, 0, H - 1);
  tile[ty][tx + RADIUS] = in[yc * W + clampi(x, 0, W - 1)];
  if (tx < RADIUS) {
    tile[ty][tx] = in[yc * W + clampi(x - RADIUS, 0, W - 1)];
    tile[ty][tx + TILE_X + RADIUS] = in[yc * W + clampi(x + TILE_X, 0, W - 1)];
  }
  __syncthreads();
  if (x >= W || y >= H) return;
  float acc = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) acc += taps[k + RADIUS] * tile[ty][tx + RADIUS + k];
  out[y * W + x] = acc;
}

__global__ void blur_cols(const float* __restrict__ in, float* __restrict__ out,
                          const float* __restrict__ taps, int W, int H) {
  __shared__ float tile[TILE_Y + 2 * RADIUS][TILE_X];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * TILE_X + tx, y = blockIdx.y * TILE_Y + ty;
  const int xc = clampi(x, 0, W - 1);
  tile[ty + RADIUS][tx] = in[clampi(y, 0, H - 1) * W + xc];
  if (ty < RADIUS) {
    tile[ty][tx] = in[clampi(y - RADIUS, 0, H - 1) * W + xc];
    tile[ty + TILE_Y + RADIUS][tx] = in[clampi(y + TILE_Y, 0, H - 1) * W + xc];
  }
  __syncthreads();
  if (x >= W || y >= H) return;
  float acc = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) acc += taps[k + RADIUS] * tile[ty + RADIUS + k][tx];
  out[y * W + x] = acc;
}

void gaussian_blur(const float* img, float* out, int W, int H, float sigma) {
  std::vector<float> taps(2 * RADIUS + 1);
  float norm = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; ++k) {
    taps[k + RADIUS] = expf(-(float)(k * k) / (2.0f * sigma * sigma));
    norm += taps[k + RADIUS];
  }
  for (int k = 0; k < 2 * RADIUS + 1; ++k) taps[k] /= norm;
  const size_t bytes = (size_t)W * H * sizeof(float);
  float *d_in, *d_tmp, *d_out, *d_taps;
  cudaMalloc(&d_in, bytes);
  cudaMalloc(&d_tmp, bytes);
  cudaMalloc(&d_out, bytes);
  cudaMalloc(&d_taps, taps.size() * sizeof(float));
  cudaMemcpy(d_in, img, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_taps, taps.data(), taps.size() * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block(TILE_X, TILE_Y);
  dim3 grid((W + TILE_X - 1) / TILE_X, (H + TILE_Y - 1) / TILE_Y);
  blur_rows<<<grid, block>>>(d_in, d_tmp, d_taps, W, H);
  blur_cols<<<grid, block>>>(d_tmp, d_out, d_taps, W, H);
  cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_tmp);
  cudaFree(d_out);
  cudaFree(d_taps);
}
