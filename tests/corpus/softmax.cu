// Row-wise numerically stable softmax: one block per row, shared-memory max and sum.
#include <cfloat>

#define SOFTMAX_THREADS 128

__global__ void softmax_rows(const float *logits, float *probs, int cols) {
  __shared__ float red[SOFTMAX_THREADS];
  const float *in = logits + (size_t)blockIdx.x * cols;
  float *out = probs + (size_t)blockIdx.x * cols;

  float m = -FLT_MAX;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    m = fmaxf(m, in[c]);
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  float row_max = red[0];
  __syncthreads();

  float sum = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    sum += expf(in[c] - row_max);
  red[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  float inv = 1.0f / red[0];

  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    out[c] = expf(in[c] - row_max) * inv;
}

__global__ void softmax_small(const double *x, double *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  double mx = x[r * cols];
  for (int c = 1; c < cols; ++c)
    mx = x[r * cols + c] > mx ? x[r * cols + c] : mx;
  double total = 0.0;
  for (int c = 0; c < cols; ++c) {
    double e = exp(x[r * cols + c] - mx);
    y[r * cols + c] = e;
    total += e;
  }
  for (int c = 0; c < cols; ++c)
    y[r * cols + c] /= total;
}

void softmax(const float *d_logits, float *d_probs, int rows, int cols) {
  softmax_rows<<<rows, SOFTMAX_THREADS>>>(d_logits, d_probs, cols);
}
