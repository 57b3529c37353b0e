// cuad: --fn fused_dropout_residual --wrt x,residual,gamma,out
// cuad: fwd --fn fused_dropout_residual --wrt x,residual,gamma,out
// The host launcher of a fused "scale * dropout(x) + residual, then RMS-scale" op as found in
// transformer inference libraries: the keep mask arrives precomputed as uint8 (one byte per
// element, as torch.bernoulli_ produces it), the kernel applies it with the 1 / (1 - p)
// inverted-dropout scale and a per-channel gamma broadcast over rows
// (c = idx % hidden), writes the result, and a second kernel computes one sum of squares per
// row in shared memory. The launcher does cudaMalloc / cudaMemcpy / two launches /
// cudaMemcpy back / cudaFree and returns the mean RMS of the rows, finished on the host.
#include <cuda_runtime.h>
#include <cstdint>
#include <cmath>
#include <vector>

#define CUDA_KERNEL_LOOP(i, n)                                                       \
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < (n); \
       i += (int64_t)blockDim.x * gridDim.x)

template <typename scalar_t>
__global__ void __launch_bounds__(256)
    dropout_add_kernel(scalar_t* __restrict__ y, const scalar_t* __restrict__ x,
                       const scalar_t* __restrict__ residual, const uint8_t* __restrict__ mask,
                       const scalar_t* __restrict__ gamma, scalar_t scale, int64_t numel,
                       int64_t hidden) {
  CUDA_KERNEL_LOOP(idx, numel) {
    const int64_t c = idx % hidden;
    const scalar_t kept = mask[idx] ? x[idx] * scale : scalar_t(0);
    y[idx] = gamma[c] * kept + residual[idx];
  }
}

template <typename scalar_t, int BLOCK>
__global__ void row_sumsq_kernel(const scalar_t* __restrict__ y, scalar_t* __restrict__ ss,
                                 int64_t hidden) {
  __shared__ scalar_t buf[BLOCK];
  const scalar_t* row = y + (int64_t)blockIdx.x * hidden;
  scalar_t acc = 0;
  for (int64_t j = threadIdx.x; j < hidden; j += BLOCK) acc += row[j] * row[j];
  buf[threadIdx.x] = acc;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) ss[blockIdx.x] = buf[0];
}

double fused_dropout_residual(const double* x, const double* residual, const uint8_t* mask,
                              const double* gamma, double p, int rows, int hidden,
                              double* out) {
  const int64_t numel = (int64_t)rows * hidden;
  const size_t bytes = numel * sizeof(double);
  double *d_x, *d_res, *d_gamma, *d_y, *d_ss;
  uint8_t* d_mask;
  cudaMalloc(&d_x, bytes);
  cudaMalloc(&d_res, bytes);
  cudaMalloc(&d_gamma, hidden * sizeof(double));
  cudaMalloc(&d_y, bytes);
  cudaMalloc(&d_ss, rows * sizeof(double));
  cudaMalloc(&d_mask, numel * sizeof(uint8_t));
  cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_res, residual, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_gamma, gamma, hidden * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_mask, mask, numel * sizeof(uint8_t), cudaMemcpyHostToDevice);
  const double scale = 1.0 / (1.0 - p);
  const int threads = 64;
  const int blocks = (int)std::min<int64_t>((numel + threads - 1) / threads, 4);
  dropout_add_kernel<double><<<blocks, threads>>>(d_y, d_x, d_res, d_mask, d_gamma, scale,
                                                  numel, hidden);
  row_sumsq_kernel<double, 32><<<rows, 32>>>(d_y, d_ss, hidden);
  std::vector<double> ss(rows);
  cudaMemcpy(out, d_y, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(ss.data(), d_ss, rows * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_res);
  cudaFree(d_gamma);
  cudaFree(d_y);
  cudaFree(d_ss);
  cudaFree(d_mask);
  double rms = 0.0;
  for (int r = 0; r < rows; ++r) rms += std::sqrt(ss[r] / hidden + 1e-6);
  return rms / rows;
}
