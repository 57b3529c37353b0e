// cuad: --fn fit_decay --wrt y,p0,p_out
// Fitting y ~ A exp(-k t) + c by plain gradient descent, a fixed number of iterations, the way
// a quick analysis script does it: each iteration a kernel evaluates residuals and the
// gradient contributions, reduces them per block in shared memory (three sums per block,
// stride layout), the per-block partials are copied back and finished on the host, and the
// host updates the three parameters kept in a std::vector. Differentiating the fitted
// parameters with respect to the data gives their sensitivity to each sample.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t e = (call);                                                  \
    if (e != cudaSuccess) {                                                  \
      fprintf(stderr, "%s (%s:%d)\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      exit(1);                                                               \
    }                                                                        \
  } while (0)

constexpr int kThreads = 32;
constexpr int kParams = 3;

__global__ void residual_grad(const double* __restrict__ t, const double* __restrict__ y,
                              double A, double k, double c, double* __restrict__ partial,
                              int n) {
  __shared__ double s[kParams][kThreads];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + tid;
  double gA = 0.0, gk = 0.0, gc = 0.0;
  if (i < n) {
    const double e = exp(-k * t[i]);
    const double r = A * e + c - y[i];
    gA = r * e;
    gk = -r * A * t[i] * e;
    gc = r;
  }
  s[0][tid] = gA;
  s[1][tid] = gk;
  s[2][tid] = gc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) {
      s[0][tid] += s[0][tid + stride];
      s[1][tid] += s[1][tid + stride];
      s[2][tid] += s[2][tid + stride];
    }
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x * kParams + 0] = s[0][0];
    partial[blockIdx.x * kParams + 1] = s[1][0];
    partial[blockIdx.x * kParams + 2] = s[2][0];
  }
}

void fit_decay(const double* t, const double* y, const double* p0, double* p_out, int n,
               int iters, double lr) {
  if (n <= 0) return;
  const int blocks = (n + kThreads - 1) / kThreads;
  double *d_t, *d_y, *d_partial;
  CUDA_CHECK(cudaMalloc(&d_t, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&d_partial, blocks * kParams * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(d_t, t, n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_y, y, n * sizeof(double), cudaMemcpyHostToDevice));

  std::vector<double> p(p0, p0 + kParams);
  std::vector<double> partial(blocks * kParams);
  for (int it = 0; it < iters; ++it) {
    residual_grad<<<blocks, kThreads>>>(d_t, d_y, p[0], p[1], p[2], d_partial, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(partial.data(), d_partial, blocks * kParams * sizeof(double),
                          cudaMemcpyDeviceToHost));
    double g[kParams] = {0.0, 0.0, 0.0};
    for (int b = 0; b < blocks; ++b)
      for (int q = 0; q < kParams; ++q) g[q] += partial[b * kParams + q];
    for (int q = 0; q < kParams; ++q) p[q] -= lr * g[q] / n;
    if (it % 10 == 0) printf("fit it=%3d  A=%.4f k=%.4f c=%.4f\n", it, p[0], p[1], p[2]);
  }
  for (int q = 0; q < kParams; ++q) p_out[q] = p[q];
  CUDA_CHECK(cudaFree(d_t));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_partial));
}
