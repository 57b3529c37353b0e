// cuad: --fn nn::batch_loss --wrt W1,b1,W2,b2,W3,b3
// A three-layer MLP regression loss as a training script's evaluation path computes it:
// namespace nn, constexpr launch sizes, a static host helper that picks a 2-D grid (batch on
// blockIdx.y) and launches the dense kernel, tanh hidden layers and a linear head, a
// shared-memory MSE block reduction whose per-block partials are copied back into a
// std::vector and finished on the host. Everything freed, errors checked after launches.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t e = (call);                                                     \
    if (e != cudaSuccess) {                                                     \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

namespace nn {

constexpr int kDenseThreads = 32;
constexpr int kReduceThreads = 64;

__global__ void dense(const double* __restrict__ X, const double* __restrict__ W,
                      const double* __restrict__ b, double* __restrict__ Y, int in, int out,
                      bool use_tanh) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y;
  if (o >= out) return;
  double acc = b[o];
  for (int k = 0; k < in; ++k) acc += W[o * in + k] * X[row * in + k];
  Y[row * out + o] = use_tanh ? tanh(acc) : acc;
}

__global__ void mse_partial(const double* __restrict__ pred, const double* __restrict__ target,
                            double* __restrict__ partial, int n) {
  __shared__ double sdata[kReduceThreads];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + tid;
  double d2 = 0.0;
  if (i < n) {
    const double d = pred[i] - target[i];
    d2 = d * d;
  }
  sdata[tid] = d2;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}

static double* upload(const double* h, int count) {
  double* d = nullptr;
  CUDA_CHECK(cudaMalloc(&d, count * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(d, h, count * sizeof(double), cudaMemcpyHostToDevice));
  return d;
}

static void launch_dense(const double* X, const double* W, const double* b, double* Y,
                         int batch, int in, int out, bool act) {
  dim3 grid((out + kDenseThreads - 1) / kDenseThreads, batch);
  dense<<<grid, kDenseThreads>>>(X, W, b, Y, in, out, act);
  CUDA_CHECK(cudaGetLastError());
}

double batch_loss(const double* X, const double* target, const double* W1, const double* b1,
                  const double* W2, const double* b2, const double* W3, const double* b3,
                  int batch, int n_in, int n_hid, int n_out) {
  if (batch <= 0) return 0.0;
  double* dX = upload(X, batch * n_in);
  double* dT = upload(target, batch * n_out);
  double* dW1 = upload(W1, n_hid * n_in);
  double* db1 = upload(b1, n_hid);
  double* dW2 = upload(W2, n_hid * n_hid);
  double* db2 = upload(b2, n_hid);
  double* dW3 = upload(W3, n_out * n_hid);
  double* db3 = upload(b3, n_out);

  double *dH1, *dH2, *dY, *dPartial;
  CUDA_CHECK(cudaMalloc(&dH1, batch * n_hid * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dH2, batch * n_hid * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dY, batch * n_out * sizeof(double)));

  launch_dense(dX, dW1, db1, dH1, batch, n_in, n_hid, true);
  launch_dense(dH1, dW2, db2, dH2, batch, n_hid, n_hid, true);
  launch_dense(dH2, dW3, db3, dY, batch, n_hid, n_out, false);

  const int n = batch * n_out;
  const int blocks = (n + kReduceThreads - 1) / kReduceThreads;
  CUDA_CHECK(cudaMalloc(&dPartial, blocks * sizeof(double)));
  mse_partial<<<blocks, kReduceThreads>>>(dY, dT, dPartial, n);
  CUDA_CHECK(cudaGetLastError());

  std::vector<double> partial(blocks);
  CUDA_CHECK(cudaMemcpy(partial.data(), dPartial, blocks * sizeof(double),
                        cudaMemcpyDeviceToHost));
  double sum = 0.0;
  for (int b = 0; b < blocks; ++b) sum += partial[b];
  const double loss = 0.5 * sum / n;

  cudaFree(dX); cudaFree(dT);
  cudaFree(dW1); cudaFree(db1); cudaFree(dW2); cudaFree(db2); cudaFree(dW3); cudaFree(db3);
  cudaFree(dH1); cudaFree(dH2); cudaFree(dY); cudaFree(dPartial);
  return loss;
}

}  // namespace nn
