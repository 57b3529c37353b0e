// cuad: --fn snapshots --wrt x
// A copy whose status an error-checking macro keeps (`e_ = (cudaMemcpy(...))` once expanded)
// writes snapshot `s` of a loop, `s` a loop-local constant: the copy's reverse reads `s` again,
// so each reverse iteration must see its own `s` (before: the reverse saw only the statement
// form of the call, and every iteration used the last `s`). The snapshot buffer itself is not
// saved: a copy's reverse reads no buffer contents.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                       \
  do {                                                    \
    cudaError_t e_ = (call);                              \
    if (e_ != cudaSuccess) printf("cuda error\n");        \
  } while (0)

__global__ void square_step(double* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * p[i] - 0.5 * p[i];
}

__global__ void weigh(const double* h, double* out, int total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < total) out[i] = (1.0 + 0.1 * i) * h[i];
}

double snapshots(const double* x, int n, int k) {
  double *d, *h, *o;
  CHECK(cudaMalloc(&d, n * sizeof(double)));
  CHECK(cudaMalloc(&h, k * n * sizeof(double)));
  CHECK(cudaMalloc(&o, k * n * sizeof(double)));
  CHECK(cudaMemcpy(d, x, n * sizeof(double), cudaMemcpyHostToDevice));
  for (int t = 0; t < k; ++t) {
    square_step<<<1, 32>>>(d, n);
    const int s = k - 1 - t;
    CHECK(cudaMemcpy(h + s * n, d, n * sizeof(double), cudaMemcpyDeviceToDevice));
  }
  weigh<<<(k * n + 31) / 32, 32>>>(h, o, k * n);
  double* back = (double*)malloc(k * n * sizeof(double));
  CHECK(cudaMemcpy(back, o, k * n * sizeof(double), cudaMemcpyDeviceToHost));
  double L = 0.0;
  for (int i = 0; i < k * n; ++i) L += back[i];
  free(back);
  cudaFree(d);
  cudaFree(h);
  cudaFree(o);
  return L;
}
