// cuad: --fn forward_splat --wrt img,flow,out
// Forward warping by bilinear splatting (average splatting, as in frame interpolation
// networks): each source pixel moves by its flow and scatters its value and a weight to the
// four target pixels around the landing point with atomicAdd (taps that fall outside are
// dropped), then a normalization kernel divides the accumulated value by the accumulated
// weight (plus eps). A host function allocates, clears with cudaMemset, launches both.
#include <cuda_runtime.h>

__device__ __forceinline__ void splat_one(float* acc, float* wsum, int W, int H, int x, int y, float w,
                                          float v) {
  if (x < 0 || y < 0 || x >= W || y >= H) return;
  atomicAdd(&acc[y * W + x], w * v);
  atomicAdd(&wsum[y * W + x], w);
}

__global__ void splat_kernel(const float* __restrict__ img, const float2* __restrict__ flow, int W, int H,
                             float* __restrict__ acc, float* __restrict__ wsum) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float2 f = flow[y * W + x];
  const float tx = x + f.x, ty = y + f.y;
  const int x0 = (int)floorf(tx), y0 = (int)floorf(ty);
  const float ax = tx - x0, ay = ty - y0;
  const float v = img[y * W + x];
  splat_one(acc, wsum, W, H, x0, y0, (1.0f - ax) * (1.0f - ay), v);
  splat_one(acc, wsum, W, H, x0 + 1, y0, ax * (1.0f - ay), v);
  splat_one(acc, wsum, W, H, x0, y0 + 1, (1.0f - ax) * ay, v);
  splat_one(acc, wsum, W, H, x0 + 1, y0 + 1, ax * ay, v);
}

__global__ void normalize_kernel(const float* __restrict__ acc, const float* __restrict__ wsum, int n,
                                 float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = acc[i] / (wsum[i] + 0.1f);
}

void forward_splat(const float* img, const float* flow, int W, int H, float* out) {
  const int n = W * H;
  float *d_img, *d_flow, *d_acc, *d_w, *d_out;
  cudaMalloc(&d_img, n * sizeof(float));
  cudaMalloc(&d_flow, 2 * n * sizeof(float));
  cudaMalloc(&d_acc, n * sizeof(float));
  cudaMalloc(&d_w, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_img, img, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_flow, flow, 2 * n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_acc, 0, n * sizeof(float));
  cudaMemset(d_w, 0, n * sizeof(float));
  const dim3 block(8, 4), grid((W + 7) / 8, (H + 3) / 4);
  splat_kernel<<<grid, block>>>(d_img, reinterpret_cast<const float2*>(d_flow), W, H, d_acc, d_w);
  normalize_kernel<<<(n + 63) / 64, 64>>>(d_acc, d_w, n, d_out);
  cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_img);
  cudaFree(d_flow);
  cudaFree(d_acc);
  cudaFree(d_w);
  cudaFree(d_out);
}
