// cuad: --fn conv2d_run --wrt img,bias
// cuad: --fn conv2d_tile --wrt in,out,bias
// 2-D convolution, filter in __constant__ memory (uploaded with cudaMemcpyToSymbol, not
// differentiated), a (TILE+2R)^2 __shared__ halo tile loaded by a 2-D block in a strided
// loop, clamp-to-edge borders, a bias and a softplus-ish activation.
#include <cuda_runtime.h>
#define R 1
#define TILE 8
#define KW (2 * R + 1)
__constant__ float c_filter[KW * KW];

__global__ void conv2d_tile(const float* __restrict__ in, float* __restrict__ out, int W, int H,
                            float bias) {
  __shared__ float tile[TILE + 2 * R][TILE + 2 * R];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = blockIdx.x * TILE - R, y0 = blockIdx.y * TILE - R;
  for (int j = ty; j < TILE + 2 * R; j += blockDim.y)
    for (int i = tx; i < TILE + 2 * R; i += blockDim.x) {
      int gx = min(max(x0 + i, 0), W - 1);
      int gy = min(max(y0 + j, 0), H - 1);
      tile[j][i] = in[gy * W + gx];
    }
  __syncthreads();
  const int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
  if (x >= W || y >= H) return;
  float acc = bias;
#pragma unroll
  for (int dy = 0; dy < KW; ++dy)
#pragma unroll
    for (int dx = 0; dx < KW; ++dx) acc += c_filter[dy * KW + dx] * tile[ty + dy][tx + dx];
  out[y * W + x] = logf(1.0f + expf(acc));
}

void conv2d_run(const float* h_filter, float* img, int W, int H, float bias) {
  float *d_in, *d_out;
  size_t bytes = (size_t)W * H * sizeof(float);
  cudaMalloc(&d_in, bytes);
  cudaMalloc(&d_out, bytes);
  cudaMemcpyToSymbol(c_filter, h_filter, KW * KW * sizeof(float));
  cudaMemcpy(d_in, img, bytes, cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE);
  dim3 grid((W + TILE - 1) / TILE, (H + TILE - 1) / TILE);
  conv2d_tile<<<grid, block>>>(d_in, d_out, W, H, bias);
  conv2d_tile<<<grid, block>>>(d_out, d_in, W, H, 0.5f * bias);
  cudaMemcpy(img, d_in, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
}
