// cuad: --fn normalize_steps --wrt x,y
// cuad: --fn normalize_steps_sym --wrt x,y
// Minimal: in a host loop, a kernel computes a norm-like scalar into device memory, the host
// reads it into a local double with cudaMemcpy (overwriting it every iteration) and uses it in
// host arithmetic (1 / s) whose result scales the next launch. The reverse pass needs each
// iteration's s, but the generated code does not save the value cudaMemcpy overwrites: every
// iteration's pullback of 1 / s uses the last iteration's s (and recomputes a = 1 / s from it).
// normalize_steps_sym: the same with the sum in a __device__ symbol read by cudaMemcpyFromSymbol.
#include <cuda_runtime.h>

__global__ void sum_squares(const double* x, double* s, int n) {
  if (threadIdx.x != 0) return;
  double acc = 0.0;
  for (int i = 0; i < n; ++i) acc += x[i] * x[i];
  s[0] = acc;
}

__global__ void scale_add(double* x, double a, int n) {
  const int i = threadIdx.x;
  if (i < n) x[i] = a * x[i] + 0.1;
}

void normalize_steps(const double* x, double* y, int n) {
  double *d_x, *d_s;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_s, sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int k = 0; k < 3; ++k) {
    sum_squares<<<1, 32>>>(d_x, d_s, n);
    double s;
    cudaMemcpy(&s, d_s, sizeof(double), cudaMemcpyDeviceToHost);
    const double a = 1.0 / s;
    scale_add<<<1, 32>>>(d_x, a, n);
  }
  cudaMemcpy(y, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_s);
}

__device__ double g_sum;

__global__ void sum_squares_sym(const double* x, int n) {
  const int i = threadIdx.x;
  if (i < n) atomicAdd(&g_sum, x[i] * x[i]);
}

void normalize_steps_sym(const double* x, double* y, int n) {
  double* d_x;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  double s = 0.0;
  for (int k = 0; k < 3; ++k) {
    const double zero = 0.0;
    cudaMemcpyToSymbol(g_sum, &zero, sizeof(double));
    sum_squares_sym<<<1, 32>>>(d_x, n);
    cudaMemcpyFromSymbol(&s, g_sum, sizeof(double));
    scale_add<<<1, 32>>>(d_x, 1.0 / s, n);
  }
  cudaMemcpy(y, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
}
