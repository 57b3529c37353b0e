// cuad: --fn attention_pool --wrt scores,values,pooled
// cuad: fwd --fn attention_pool
// Attention pooling with the softmax denominator finished on the host: a kernel writes
// exp(score - shift) per item, the host copies them into a std::vector and sums them in a
// plain loop, then launches a second kernel (one thread per feature, loop over items) with
// 1/sum as a kernel argument to pool the value rows. `shift` is a host constant (a running max
// in real code).
#include <vector>

__global__ void exp_shift(const double* __restrict__ s, double* __restrict__ e, double shift, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    e[i] = exp(s[i] - shift);
}

__global__ void weighted_pool(const double* __restrict__ e, const double* __restrict__ V,
                              double inv_sum, double* __restrict__ pooled, int n, int d) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= d) return;
  double acc = 0.0;
  for (int i = 0; i < n; ++i) acc += e[i] * V[i * d + j];
  pooled[j] = acc * inv_sum;
}

void attention_pool(const double* scores, const double* values, double* pooled, int n, int d) {
  double *d_s, *d_e, *d_v, *d_out;
  cudaMalloc(&d_s, n * sizeof(double));
  cudaMalloc(&d_e, n * sizeof(double));
  cudaMalloc(&d_v, n * d * sizeof(double));
  cudaMalloc(&d_out, d * sizeof(double));
  cudaMemcpy(d_s, scores, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, values, n * d * sizeof(double), cudaMemcpyHostToDevice);
  exp_shift<<<2, 32>>>(d_s, d_e, 1.5, n);
  std::vector<double> e(n);
  cudaMemcpy(e.data(), d_e, n * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += e[i];
  weighted_pool<<<(d + 31) / 32, 32>>>(d_e, d_v, 1.0 / total, d_out, n, d);
  cudaMemcpy(pooled, d_out, d * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_s);
  cudaFree(d_e);
  cudaFree(d_v);
  cudaFree(d_out);
}
