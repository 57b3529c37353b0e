// cuad: --fn smooth_layernorm --wrt x,gamma,beta,y
// cuad: fwd --fn smooth_layernorm
// A host function launching three kernels in sequence, each using dynamic shared memory
// (`extern __shared__ float s[]`) whose size is the third launch argument, one block per row:
// - smooth_rows stages a row plus a one-cell halo on each side (clamped at the ends; the
//   thread just past the row loads the right one, thread 0 the left one) in blockDim.x + 2
//   floats and applies a [1 2 1] / 4 filter;
// - row_stats carves 2 * blockDim.x floats into a sum and a sum-of-squares array
//   (`float* ssq = s + blockDim.x`), reduces both in one sequential-addressing loop and writes
//   the row's mean and 1 / sqrt(var + eps);
// - normalize_rows broadcasts the two statistics through 2 floats of dynamic shared memory
//   loaded by thread 0, then applies the learnable scale and shift.
// Rows are shorter than the block (the tail threads load zeros into the statistics and store
// nothing). Float; reverse and forward mode.
#include <cuda_runtime.h>

__global__ void smooth_rows(const float* in, float* out, int cols) {
  extern __shared__ float tile[];  // blockDim.x + 2
  const int t = threadIdx.x;
  const float* row = in + blockIdx.x * cols;
  if (t < cols)
    tile[t + 1] = row[t];
  else if (t == cols)
    tile[t + 1] = row[cols - 1];  // right halo, clamped
  if (t == 0) tile[0] = row[0];   // left halo, clamped
  __syncthreads();
  if (t < cols) out[blockIdx.x * cols + t] = 0.25f * tile[t] + 0.5f * tile[t + 1] + 0.25f * tile[t + 2];
}

__global__ void row_stats(const float* in, float* mean, float* rstd, int cols) {
  extern __shared__ float s[];  // 2 * blockDim.x
  float* ssum = s;
  float* ssq = s + blockDim.x;
  const int t = threadIdx.x;
  const float v = t < cols ? in[blockIdx.x * cols + t] : 0.0f;
  ssum[t] = v;
  ssq[t] = v * v;
  __syncthreads();
  for (unsigned int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) {
      ssum[t] += ssum[t + stride];
      ssq[t] += ssq[t + stride];
    }
    __syncthreads();
  }
  if (t == 0) {
    const float mu = ssum[0] / cols;
    const float var = ssq[0] / cols - mu * mu;
    mean[blockIdx.x] = mu;
    rstd[blockIdx.x] = rsqrtf(var + 1e-5f);
  }
}

__global__ void normalize_rows(const float* in, const float* mean, const float* rstd,
                               const float* gamma, const float* beta, float* out, int cols) {
  extern __shared__ float stats[];  // 2
  const int t = threadIdx.x;
  if (t == 0) {
    stats[0] = mean[blockIdx.x];
    stats[1] = rstd[blockIdx.x];
  }
  __syncthreads();
  if (t < cols) {
    const int k = blockIdx.x * cols + t;
    out[k] = gamma[t] * (in[k] - stats[0]) * stats[1] + beta[t];
  }
}

void smooth_layernorm(const float* x, const float* gamma, const float* beta, float* y, int rows,
                      int cols) {
  const int threads = 64;  // a power of two not below cols
  const size_t bytes = (size_t)rows * cols * sizeof(float);
  float *d_x, *d_s, *d_y, *d_gamma, *d_beta, *d_mean, *d_rstd;
  cudaMalloc(&d_x, bytes);
  cudaMalloc(&d_s, bytes);
  cudaMalloc(&d_y, bytes);
  cudaMalloc(&d_gamma, cols * sizeof(float));
  cudaMalloc(&d_beta, cols * sizeof(float));
  cudaMalloc(&d_mean, rows * sizeof(float));
  cudaMalloc(&d_rstd, rows * sizeof(float));
  cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_gamma, gamma, cols * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_beta, beta, cols * sizeof(float), cudaMemcpyHostToDevice);
  smooth_rows<<<rows, threads, (threads + 2) * sizeof(float)>>>(d_x, d_s, cols);
  row_stats<<<rows, threads, 2 * threads * sizeof(float)>>>(d_s, d_mean, d_rstd, cols);
  normalize_rows<<<rows, threads, 2 * sizeof(float)>>>(d_s, d_mean, d_rstd, d_gamma, d_beta, d_y,
                                                       cols);
  cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_s);
  cudaFree(d_y);
  cudaFree(d_gamma);
  cudaFree(d_beta);
  cudaFree(d_mean);
  cudaFree(d_rstd);
}
