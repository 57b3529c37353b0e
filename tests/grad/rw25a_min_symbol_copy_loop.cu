// cuad: --fn drive --wrt x,amp
// Minimal: a host time loop copies a per-step source sample that depends on a differentiated
// scalar into a __constant__ scalar with cudaMemcpyToSymbol, then launches a kernel that reads
// it (soft-source injection in FDTD codes). Forward mode takes this; reverse mode refuses it
// ("it is inside a loop ... needs one copy into it, before the loop").
#include <cuda_runtime.h>
#include <cmath>

__constant__ double c_src;

__global__ void inject(double* u, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] = 0.9 * u[i] + c_src * (i + 1);
}

void drive(double* x, double amp, int n, int nt) {
  double* d;
  cudaMalloc(&d, n * sizeof(double));
  cudaMemcpy(d, x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int t = 0; t < nt; ++t) {
    const double s = amp * exp(-0.1 * t * t);
    cudaMemcpyToSymbol(c_src, &s, sizeof(double));
    inject<<<1, 32>>>(d, n);
  }
  cudaMemcpy(x, d, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d);
}
