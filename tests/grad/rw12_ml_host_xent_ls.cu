// cuad: --fn xent_forward --wrt logits
// Cross-entropy with label smoothing behind a host function returning the mean loss: targets
// and logits are copied to the device, a template <int BLOCK> kernel takes one block per row
// and does three __shared__ tree reductions (row max, sum of exp(x - max), sum of x for the
// smoothing term) with a grid-stride-in-the-row loop, writes one loss per row
// (logsumexp - (1 - eps) * x[target] - eps * mean(x)); the host copies the per-row losses back
// into a std::vector and averages them.
#include <cuda_runtime.h>
#include <vector>

template <int BLOCK>
__device__ double block_reduce_sum(double v, double* sh) {
  sh[threadIdx.x] = v;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  const double r = sh[0];
  __syncthreads();
  return r;
}

template <int BLOCK>
__device__ double block_reduce_max(double v, double* sh) {
  sh[threadIdx.x] = v;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sh[threadIdx.x] = fmax(sh[threadIdx.x], sh[threadIdx.x + s]);
    __syncthreads();
  }
  const double r = sh[0];
  __syncthreads();
  return r;
}

template <int BLOCK>
__global__ void xent_rows(double* __restrict__ losses, const double* __restrict__ logits,
                          const int* __restrict__ targets, int V, double eps) {
  __shared__ double sh[BLOCK];
  const double* __restrict__ x = logits + (size_t)blockIdx.x * V;
  double m = -1e300;
  for (int i = threadIdx.x; i < V; i += BLOCK) m = fmax(m, x[i]);
  m = block_reduce_max<BLOCK>(m, sh);
  double se = 0.0, sx = 0.0;
  for (int i = threadIdx.x; i < V; i += BLOCK) {
    se += exp(x[i] - m);
    sx += x[i];
  }
  se = block_reduce_sum<BLOCK>(se, sh);
  sx = block_reduce_sum<BLOCK>(sx, sh);
  if (threadIdx.x == 0) {
    const double lse = m + log(se);
    losses[blockIdx.x] = lse - (1.0 - eps) * x[targets[blockIdx.x]] - eps * sx / V;
  }
}

double xent_forward(const double* logits, const int* targets, int N, int V, double eps) {
  double *d_logits, *d_losses;
  int* d_targets;
  cudaMalloc(&d_logits, (size_t)N * V * sizeof(double));
  cudaMalloc(&d_losses, N * sizeof(double));
  cudaMalloc(&d_targets, N * sizeof(int));
  cudaMemcpy(d_logits, logits, (size_t)N * V * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_targets, targets, N * sizeof(int), cudaMemcpyHostToDevice);
  xent_rows<32><<<N, 32>>>(d_losses, d_logits, d_targets, V, eps);
  std::vector<double> h_losses(N);
  cudaMemcpy(h_losses.data(), d_losses, N * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int i = 0; i < N; ++i) total += h_losses[i];
  cudaFree(d_logits);
  cudaFree(d_losses);
  cudaFree(d_targets);
  return total / N;
}
