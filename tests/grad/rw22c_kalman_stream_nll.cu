// cuad: --fn kalman_nll --wrt z,x0,a,q,r,xhat
// A bank of independent scalar AR(1) Kalman filters (one per sensor) scored by their
// negative log-likelihood, the way a tuning script evaluates noise parameters: the model
// (a, q, r) is packed into a host array and uploaded with cudaMemcpyToSymbol into a
// `__constant__ double c_model[3]`; everything runs on one stream created for the call:
// the measurements of each frame are uploaded with cudaMemcpyAsync from `z + f * n` into one
// reused device buffer, the NLL accumulator is cleared with cudaMemsetAsync, the predict and
// update kernels are launched on the stream; the per-sensor NLL is copied back with
// cudaMemcpyAsync into a std::vector after a cudaStreamSynchronize and summed on the host.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                       \
  do {                                                                                 \
    cudaError_t rc_ = (x);                                                             \
    if (rc_ != cudaSuccess) {                                                          \
      fprintf(stderr, "%s failed: %s\n", #x, cudaGetErrorString(rc_));                 \
      exit(EXIT_FAILURE);                                                              \
    }                                                                                  \
  } while (0)

__constant__ double c_model[3];  // a, q, r

__global__ void kf_predict(double* __restrict__ m, double* __restrict__ P, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double a = c_model[0];
  m[i] = a * m[i];
  P[i] = a * a * P[i] + c_model[1];
}

__global__ void kf_update(double* __restrict__ m, double* __restrict__ P,
                          const double* __restrict__ z, double* __restrict__ nll, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double S = P[i] + c_model[2];
  const double innov = z[i] - m[i];
  const double K = P[i] / S;
  nll[i] += 0.5 * (log(S) + innov * innov / S);
  m[i] += K * innov;
  P[i] = (1.0 - K) * P[i];
}

__global__ void kf_init(const double* __restrict__ x0, double* __restrict__ m,
                        double* __restrict__ P, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  m[i] = x0[i];
  P[i] = 1.0;
}

double kalman_nll(const double* z, const double* x0, double a, double q, double r, double* xhat,
                  int n, int frames) {
  const int threads = 32;
  const int blocks = (n + threads - 1) / threads;
  const double model[3] = {a, q, r};
  CHECK(cudaMemcpyToSymbol(c_model, model, sizeof(model)));

  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  double *d_x0, *d_m, *d_P, *d_z, *d_nll;
  CHECK(cudaMalloc(&d_x0, n * sizeof(double)));
  CHECK(cudaMalloc(&d_m, n * sizeof(double)));
  CHECK(cudaMalloc(&d_P, n * sizeof(double)));
  CHECK(cudaMalloc(&d_z, n * sizeof(double)));
  CHECK(cudaMalloc(&d_nll, n * sizeof(double)));
  CHECK(cudaMemcpyAsync(d_x0, x0, n * sizeof(double), cudaMemcpyHostToDevice, stream));
  CHECK(cudaMemsetAsync(d_nll, 0, n * sizeof(double), stream));
  kf_init<<<blocks, threads, 0, stream>>>(d_x0, d_m, d_P, n);
  CHECK(cudaGetLastError());

  for (int f = 0; f < frames; ++f) {
    CHECK(cudaMemcpyAsync(d_z, z + f * n, n * sizeof(double), cudaMemcpyHostToDevice, stream));
    kf_predict<<<blocks, threads, 0, stream>>>(d_m, d_P, n);
    CHECK(cudaGetLastError());
    kf_update<<<blocks, threads, 0, stream>>>(d_m, d_P, d_z, d_nll, n);
    CHECK(cudaGetLastError());
  }

  std::vector<double> nll(n);
  CHECK(cudaMemcpyAsync(nll.data(), d_nll, n * sizeof(double), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaMemcpyAsync(xhat, d_m, n * sizeof(double), cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += nll[i];

  CHECK(cudaFree(d_x0));
  CHECK(cudaFree(d_m));
  CHECK(cudaFree(d_P));
  CHECK(cudaFree(d_z));
  CHECK(cudaFree(d_nll));
  CHECK(cudaStreamDestroy(stream));
  return total;
}
