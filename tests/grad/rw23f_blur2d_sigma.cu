// cuad: --fn gauss2d_tile<2> --wrt img,log_sigma,out
// cuad: fwd --fn gauss2d_tile<2> --wrt img,log_sigma,out
// Non-separable 2-D Gaussian blur with a learnable (log) sigma, one kernel: the block builds
// the normalized 1-D taps in a static shared array (threads of the first row compute one tap
// each, thread (0,0) normalizes serially), stages a (BY+2R) x (BX+2R) tile with clamp-to-edge
// addressing in dynamic shared memory by a strided loop over the whole tile, then each thread
// applies the outer-product kernel. A template over the radius.
#include <cuda_runtime.h>

template <int R>
__global__ void gauss2d_tile(const float* __restrict__ img, int W, int H, float log_sigma,
                             float* __restrict__ out) {
  extern __shared__ float tile[];
  __shared__ float taps[2 * R + 1];
  const int BX = blockDim.x, BY = blockDim.y;
  const int TW = BX + 2 * R, TH = BY + 2 * R;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tid = ty * BX + tx;
  if (ty == 0 && tx < 2 * R + 1) {
    const float s = expf(log_sigma);
    const float d = (float)(tx - R);
    taps[tx] = expf(-0.5f * d * d / (s * s));
  }
  __syncthreads();
  if (tid == 0) {
    float sum = 0.0f;
    for (int k = 0; k < 2 * R + 1; ++k) sum += taps[k];
    for (int k = 0; k < 2 * R + 1; ++k) taps[k] = taps[k] / sum;
  }
  const int ox = blockIdx.x * BX - R, oy = blockIdx.y * BY - R;
  for (int i = tid; i < TW * TH; i += BX * BY) {
    const int lx = i % TW, ly = i / TW;
    const int gx = min(max(ox + lx, 0), W - 1), gy = min(max(oy + ly, 0), H - 1);
    tile[i] = img[gy * W + gx];
  }
  __syncthreads();
  const int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
  if (x >= W || y >= H) return;
  float acc = 0.0f;
  for (int j = 0; j <= 2 * R; ++j) {
    float row = 0.0f;
    for (int i = 0; i <= 2 * R; ++i) row += taps[i] * tile[(ty + j) * TW + tx + i];
    acc += taps[j] * row;
  }
  out[y * W + x] = acc;
}

template __global__ void gauss2d_tile<2>(const float*, int, int, float, float*);
