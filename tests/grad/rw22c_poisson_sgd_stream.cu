// cuad: --fn poisson_sgd --wrt X,y,w0,w_out
// Mini-batch SGD for Poisson regression (log link) on a dedicated stream, like a training
// loop that overlaps copies with compute: each mini-batch is staged with cudaMemcpyAsync
// from the host arrays at `X + b * bs * d` / `y + b * bs` into reused device buffers, the
// gradient accumulator is cleared with cudaMemsetAsync, a kernel accumulates per-sample
// gradients with atomicAdd, and an update kernel applies them; events are recorded on the
// stream for timing. After the epochs the weights go back with cudaMemcpyAsync, the
// full-data loss is evaluated per sample on the device, copied back into a std::vector after
// cudaStreamSynchronize and summed on the host. Returns the mean loss.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "CUDA: %s (%s:%d)\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      exit(1);                                                                       \
    }                                                                                \
  } while (0)

__global__ void batch_grad(const double* __restrict__ Xb, const double* __restrict__ yb,
                           const double* __restrict__ w, double* __restrict__ g, int bs, int d) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= bs) return;
  double eta = 0.0;
  for (int j = 0; j < d; ++j) eta += Xb[i * d + j] * w[j];
  const double mu = exp(eta);
  const double r = mu - yb[i];
  for (int j = 0; j < d; ++j) atomicAdd(&g[j], r * Xb[i * d + j]);
}

__global__ void apply_update(double* __restrict__ w, const double* __restrict__ g, double step,
                             int d) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < d) w[j] -= step * g[j];
}

__global__ void sample_loss(const double* __restrict__ X, const double* __restrict__ y,
                            const double* __restrict__ w, double* __restrict__ l, int n, int d) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double eta = 0.0;
  for (int j = 0; j < d; ++j) eta += X[i * d + j] * w[j];
  l[i] = exp(eta) - y[i] * eta;
}

double poisson_sgd(const double* X, const double* y, const double* w0, double* w_out, int n,
                   int d, int bs, int epochs, double lr) {
  const int nbatches = n / bs;
  const int threads = 32;
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaEvent_t ev_start, ev_stop;
  CHECK(cudaEventCreate(&ev_start));
  CHECK(cudaEventCreate(&ev_stop));

  double *d_X, *d_y, *d_Xb, *d_yb, *d_w, *d_g, *d_l;
  CHECK(cudaMalloc(&d_X, n * d * sizeof(double)));
  CHECK(cudaMalloc(&d_y, n * sizeof(double)));
  CHECK(cudaMalloc(&d_Xb, bs * d * sizeof(double)));
  CHECK(cudaMalloc(&d_yb, bs * sizeof(double)));
  CHECK(cudaMalloc(&d_w, d * sizeof(double)));
  CHECK(cudaMalloc(&d_g, d * sizeof(double)));
  CHECK(cudaMalloc(&d_l, n * sizeof(double)));
  CHECK(cudaMemcpyAsync(d_w, w0, d * sizeof(double), cudaMemcpyHostToDevice, stream));

  CHECK(cudaEventRecord(ev_start, stream));
  for (int ep = 0; ep < epochs; ++ep) {
    for (int b = 0; b < nbatches; ++b) {
      CHECK(cudaMemcpyAsync(d_Xb, X + b * bs * d, bs * d * sizeof(double),
                            cudaMemcpyHostToDevice, stream));
      CHECK(cudaMemcpyAsync(d_yb, y + b * bs, bs * sizeof(double), cudaMemcpyHostToDevice,
                            stream));
      CHECK(cudaMemsetAsync(d_g, 0, d * sizeof(double), stream));
      batch_grad<<<(bs + threads - 1) / threads, threads, 0, stream>>>(d_Xb, d_yb, d_w, d_g, bs,
                                                                      d);
      CHECK(cudaGetLastError());
      apply_update<<<1, threads, 0, stream>>>(d_w, d_g, lr / bs, d);
      CHECK(cudaGetLastError());
    }
  }
  CHECK(cudaEventRecord(ev_stop, stream));

  CHECK(cudaMemcpyAsync(w_out, d_w, d * sizeof(double), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaMemcpyAsync(d_X, X, n * d * sizeof(double), cudaMemcpyHostToDevice, stream));
  CHECK(cudaMemcpyAsync(d_y, y, n * sizeof(double), cudaMemcpyHostToDevice, stream));
  sample_loss<<<(n + threads - 1) / threads, threads, 0, stream>>>(d_X, d_y, d_w, d_l, n, d);
  CHECK(cudaGetLastError());
  std::vector<double> l(n);
  CHECK(cudaMemcpyAsync(l.data(), d_l, n * sizeof(double), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  float ms = 0.0f;
  CHECK(cudaEventElapsedTime(&ms, ev_start, ev_stop));
  printf("poisson_sgd: %d epochs x %d batches in %.2f ms\n", epochs, nbatches, ms);
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += l[i];

  CHECK(cudaFree(d_X));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_Xb));
  CHECK(cudaFree(d_yb));
  CHECK(cudaFree(d_w));
  CHECK(cudaFree(d_g));
  CHECK(cudaFree(d_l));
  CHECK(cudaEventDestroy(ev_start));
  CHECK(cudaEventDestroy(ev_stop));
  CHECK(cudaStreamDestroy(stream));
  return total / n;
}
