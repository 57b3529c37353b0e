// cuad: fwd --fn softmax_rows
// Row softmax in float, one block per row: __shared__ max and sum reductions under
// __syncthreads, expf, __fdividef-free division, a strided loop over columns.
#define BLOCK 64
__global__ void softmax_rows(const float* x, float* y, int cols) {
  __shared__ float red[BLOCK];
  const int row = blockIdx.x;
  const float* xr = x + row * cols;
  float m = -1e30f;
  for (int j = threadIdx.x; j < cols; j += BLOCK) m = fmaxf(m, xr[j]);
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  const float mx = red[0];
  __syncthreads();
  float sum = 0.f;
  for (int j = threadIdx.x; j < cols; j += BLOCK) sum += expf(xr[j] - mx);
  red[threadIdx.x] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  const float total = red[0];
  for (int j = threadIdx.x; j < cols; j += BLOCK) y[row * cols + j] = expf(xr[j] - mx) / total;
}
