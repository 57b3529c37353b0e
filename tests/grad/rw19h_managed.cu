// cuad: --fn managed_energy --wrt x,k
// Unified memory: cudaMallocManaged buffers filled on the host, a kernel, then
// cudaDeviceSynchronize and a host loop reading the managed result (returns a double).
#include <cuda_runtime.h>

__global__ void energy_terms(const double* x, double* e, double k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) {
    double d = x[i + 1] - x[i];
    e[i] = 0.5 * k * d * d + cos(x[i]);
  }
}

double managed_energy(const double* x, double k, int n) {
  double *mx, *me;
  cudaMallocManaged(&mx, n * sizeof(double));
  cudaMallocManaged(&me, n * sizeof(double));
  for (int i = 0; i < n; ++i) mx[i] = x[i];
  energy_terms<<<(n + 31) / 32, 32>>>(mx, me, k, n);
  cudaDeviceSynchronize();
  double total = 0.0;
  for (int i = 0; i < n - 1; ++i) total += me[i];
  cudaFree(mx);
  cudaFree(me);
  return total;
}
