// cuad: --fn softmax_fwd --wrt out,in
// Row softmax, one block per row: shared-memory max reduction (fmaxf, -INFINITY start),
// then a shared-memory sum of __expf, then the normalized row.
#define THREADS 32
__global__ void softmax_fwd(float* __restrict__ out, const float* __restrict__ in, int cols) {
  __shared__ float red[THREADS];
  const int row = blockIdx.x, t = threadIdx.x;
  const float* r = in + row * cols;
  float m = -INFINITY;
  for (int j = t; j < cols; j += blockDim.x) m = fmaxf(m, r[j]);
  red[t] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) red[t] = fmaxf(red[t], red[t + s]);
    __syncthreads();
  }
  const float rowmax = red[0];
  __syncthreads();
  float sum = 0.f;
  for (int j = t; j < cols; j += blockDim.x) sum += __expf(r[j] - rowmax);
  red[t] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    __syncthreads();
  }
  const float inv = 1.f / red[0];
  for (int j = t; j < cols; j += blockDim.x) out[row * cols + j] = __expf(r[j] - rowmax) * inv;
}
