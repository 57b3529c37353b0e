// cuad: fwd --fn filter_run --wrt x,gain,y
// cuad: fwd --fn horner_tree
// cuad: --fn horner_tree
// 1: a host function that uploads FIR taps to __constant__ memory with cudaMemcpyToSymbol
// (the taps are not differentiated: --wrt leaves them out), copies the signal, launches a
// filter kernel reading the taps and a clamped neighbourhood, then a gain kernel in place,
// and copies back.
// 2: a recursive __device__ function (a divide-and-conquer polynomial evaluation) called
// from a kernel: its pushforward calls itself. 3: the same kernel in reverse mode (the
// analyses that follow calls must stop at the recursion).
#include <cuda_runtime.h>
#define TAPS 5
__constant__ double taps[TAPS];
__global__ void fir(int n, const double* x, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = 0.0;
  for (int k = 0; k < TAPS; ++k) {
    int j = min(max(i + k - TAPS / 2, 0), n - 1);
    acc += taps[k] * x[j];
  }
  y[i] = acc;
}
__global__ void gain_tanh(int n, double* y, double g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = tanh(g * y[i]);
}
void filter_run(int n, const double* h_taps, const double* x, double gain, double* y) {
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpyToSymbol(taps, h_taps, TAPS * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  fir<<<(n + 31) / 32, 32>>>(n, dx, dy);
  gain_tanh<<<(n + 31) / 32, 32>>>(n, dy, gain);
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}
__device__ double poly_rec(const double* c, int lo, int hi, double x) {
  if (hi - lo == 1) return c[lo];
  int mid = (lo + hi) / 2;
  double xp = 1.0;
  for (int k = lo; k < mid; ++k) xp *= x;
  return poly_rec(c, lo, mid, x) + xp * poly_rec(c, mid, hi, x);
}
__global__ void horner_tree(int n, int m, const double* coef, const double* x, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = poly_rec(coef, 0, m, x[i]);
}
