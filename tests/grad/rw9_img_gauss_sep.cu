// cuad: --fn gaussian_blur --wrt img,sigma
// cuad: --fn blur_cols<3> --wrt src,dst,sigma
// Separable Gaussian blur as a host function: two kernel templates over the radius (row pass
// into a temporary cudaMalloc buffer, column pass back), each block builds the normalized
// weights from sigma in __shared__ memory (expf, a block-wide normalization read by all
// threads), clamp-to-edge taps under #pragma unroll, 2-D blocks.
#include <cuda_runtime.h>

template <int RAD>
__device__ void build_weights(float* s_w, float sigma) {
  const int t = threadIdx.y * blockDim.x + threadIdx.x;
  if (t < 2 * RAD + 1) {
    const float d = (float)(t - RAD);
    s_w[t] = expf(-d * d / (2.0f * sigma * sigma));
  }
  __syncthreads();
  if (t == 0) {
    float s = 0.0f;
    for (int k = 0; k < 2 * RAD + 1; ++k) s += s_w[k];
    s_w[2 * RAD + 1] = 1.0f / s;
  }
  __syncthreads();
}

template <int RAD>
__global__ void blur_rows(const float* __restrict__ src, float* __restrict__ dst, int W, int H,
                          float sigma) {
  __shared__ float s_w[2 * RAD + 2];
  build_weights<RAD>(s_w, sigma);
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  float acc = 0.0f;
#pragma unroll
  for (int k = -RAD; k <= RAD; ++k) {
    const int xx = min(max(x + k, 0), W - 1);
    acc += s_w[k + RAD] * src[y * W + xx];
  }
  dst[y * W + x] = acc * s_w[2 * RAD + 1];
}

template <int RAD>
__global__ void blur_cols(const float* __restrict__ src, float* __restrict__ dst, int W, int H,
                          float sigma) {
  __shared__ float s_w[2 * RAD + 2];
  build_weights<RAD>(s_w, sigma);
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  float acc = 0.0f;
#pragma unroll
  for (int k = -RAD; k <= RAD; ++k) {
    const int yy = min(max(y + k, 0), H - 1);
    acc += s_w[k + RAD] * src[yy * W + x];
  }
  dst[y * W + x] = acc * s_w[2 * RAD + 1];
}

void gaussian_blur(float* img, int W, int H, float sigma) {
  float *d_img, *d_tmp;
  const size_t bytes = sizeof(float) * W * H;
  cudaMalloc((void**)&d_img, bytes);
  cudaMalloc((void**)&d_tmp, bytes);
  cudaMemcpy(d_img, img, bytes, cudaMemcpyHostToDevice);
  const dim3 block(8, 4);
  const dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
  blur_rows<3><<<grid, block>>>(d_img, d_tmp, W, H, sigma);
  blur_cols<3><<<grid, block>>>(d_tmp, d_img, W, H, sigma);
  cudaDeviceSynchronize();
  cudaMemcpy(img, d_img, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_tmp);
  cudaFree(d_img);
}
