// cuad: --fn logreg_train_step --wrt X,y,w,b
// One full-batch training step of L2-regularised logistic regression, as a small training
// script writes it: the weights and the bias live in one device allocation (`d_params`, the
// bias at `d_params + d`), the logits kernel, a loss kernel that reduces per-sample losses
// into per-block partial sums and writes the residuals, a per-feature gradient kernel and an
// SGD update kernel. The loss partials are copied back into a std::vector and summed on the
// host, the regulariser is added on the host, and the updated parameters are copied back over
// the caller's arrays. Returns the loss before the update.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t e_ = (call);                                                          \
    if (e_ != cudaSuccess) {                                                          \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));     \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

constexpr int kThreads = 32;

__global__ void logits_kernel(const double* __restrict__ X, const double* __restrict__ params,
                              double* __restrict__ z, int n, int d) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = params[d];  // bias
  for (int j = 0; j < d; ++j) acc += X[i * d + j] * params[j];
  z[i] = acc;
}

__global__ void bce_kernel(const double* __restrict__ z, const double* __restrict__ y,
                           double* __restrict__ resid, double* __restrict__ partial, int n) {
  __shared__ double s[kThreads];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + tid;
  double l = 0.0;
  if (i < n) {
    const double zi = z[i];
    const double p = 1.0 / (1.0 + exp(-zi));
    l = log1p(exp(zi)) - y[i] * zi;
    resid[i] = p - y[i];
  }
  s[tid] = l;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = s[0];
}

// One thread per parameter; thread d is the bias.
__global__ void grad_kernel(const double* __restrict__ X, const double* __restrict__ resid,
                            double* __restrict__ g, int n, int d) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j > d) return;
  double acc = 0.0;
  for (int i = 0; i < n; ++i) acc += resid[i] * (j < d ? X[i * d + j] : 1.0);
  g[j] = acc / n;
}

__global__ void sgd_kernel(double* __restrict__ params, const double* __restrict__ g, double lr,
                           double l2, int d) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j > d) return;
  const double reg = (j < d) ? l2 * params[j] : 0.0;
  params[j] -= lr * (g[j] + reg);
}

double logreg_train_step(const double* X, const double* y, double* w, double* b, int n, int d,
                         double lr, double l2) {
  const int blocks = (n + kThreads - 1) / kThreads;
  const int pblocks = (d + 1 + kThreads - 1) / kThreads;
  double *d_X, *d_y, *d_params, *d_z, *d_resid, *d_partial, *d_g;
  CHECK(cudaMalloc(&d_X, n * d * sizeof(double)));
  CHECK(cudaMalloc(&d_y, n * sizeof(double)));
  CHECK(cudaMalloc(&d_params, (d + 1) * sizeof(double)));
  CHECK(cudaMalloc(&d_z, n * sizeof(double)));
  CHECK(cudaMalloc(&d_resid, n * sizeof(double)));
  CHECK(cudaMalloc(&d_partial, blocks * sizeof(double)));
  CHECK(cudaMalloc(&d_g, (d + 1) * sizeof(double)));
  CHECK(cudaMemcpy(d_X, X, n * d * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_y, y, n * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_params, w, d * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_params + d, b, sizeof(double), cudaMemcpyHostToDevice));

  logits_kernel<<<blocks, kThreads>>>(d_X, d_params, d_z, n, d);
  CHECK(cudaGetLastError());
  bce_kernel<<<blocks, kThreads>>>(d_z, d_y, d_resid, d_partial, n);
  CHECK(cudaGetLastError());

  std::vector<double> partial(blocks);
  CHECK(cudaMemcpy(partial.data(), d_partial, blocks * sizeof(double), cudaMemcpyDeviceToHost));
  double loss = 0.0;
  for (int k = 0; k < blocks; ++k) loss += partial[k];
  loss /= n;
  double wsq = 0.0;
  for (int j = 0; j < d; ++j) wsq += w[j] * w[j];
  loss += 0.5 * l2 * wsq;

  grad_kernel<<<pblocks, kThreads>>>(d_X, d_resid, d_g, n, d);
  CHECK(cudaGetLastError());
  sgd_kernel<<<pblocks, kThreads>>>(d_params, d_g, lr, l2, d);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaMemcpy(w, d_params, d * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(b, d_params + d, sizeof(double), cudaMemcpyDeviceToHost));

  CHECK(cudaFree(d_X));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_params));
  CHECK(cudaFree(d_z));
  CHECK(cudaFree(d_resid));
  CHECK(cudaFree(d_partial));
  CHECK(cudaFree(d_g));
  return loss;
}
