// cuad: --fn softmax_fast --wrt x,y
// Row softmax, one block per row: block-stride loops over the columns, a shared-memory
// max (fmaxf tree) and sum reduction, __expf, and the row scaled in place by __fdividef.
#include <cfloat>
#define BLOCK 32
__global__ void softmax_fast(const float* __restrict__ x, float* __restrict__ y, int cols) {
  __shared__ float red[BLOCK];
  const int row = blockIdx.x;
  const int t = threadIdx.x;
  const float* xr = x + row * cols;
  float* yr = y + row * cols;
  float m = -FLT_MAX;
  for (int j = t; j < cols; j += blockDim.x) m = fmaxf(m, xr[j]);
  red[t] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) red[t] = fmaxf(red[t], red[t + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  float sum = 0.0f;
  for (int j = t; j < cols; j += blockDim.x) {
    float e = __expf(xr[j] - m);
    yr[j] = e;
    sum += e;
  }
  red[t] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    __syncthreads();
  }
  const float inv = __fdividef(1.0f, red[0]);
  for (int j = t; j < cols; j += blockDim.x) yr[j] *= inv;
}
