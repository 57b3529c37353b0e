// cuad: --fn run --wrt a,b,x,y
// cuad: fwd --fn run --wrt a,b,x,y
// Minimal: one __constant__ table filled by two cudaMemcpyToSymbol calls from two host arrays
// carrying derivatives, the second at a byte offset (x profile, then y profile). Forward mode
// takes it; reverse mode refuses "it copies at an offset into the symbol (copy the whole
// symbol from one buffer)".
#include <cuda_runtime.h>

#define NA 3
#define NB 2

__constant__ double c_tab[NA + NB];

__global__ void apply(const double* x, double* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = c_tab[i % NA] * x[i] + c_tab[NA + i % NB] * x[i] * x[i];
}

void run(const double* a, const double* b, const double* x, double* y, int n) {
  cudaMemcpyToSymbol(c_tab, a, NA * sizeof(double));
  cudaMemcpyToSymbol(c_tab, b, NB * sizeof(double), NA * sizeof(double));
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  apply<<<1, 32>>>(dx, dy, n);
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}
