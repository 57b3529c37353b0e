// cuad: --fn run_steps --wrt x
// Minimal: an integer-only kernel (fill_perm) rewrites an index buffer every step; the next
// kernel gathers through it. The reverse pass must see each step's indices.
#include <cuda_runtime.h>

__global__ void fill_perm(int* __restrict__ perm, int n, int shift) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) perm[i] = (i + shift) % n;
}

__global__ void gather_sq(const double* __restrict__ x, const int* __restrict__ perm,
                          double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[perm[i]] * x[perm[i]];
}

__global__ void axpy(double* __restrict__ x, const double* __restrict__ y, double a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += a * y[i];
}

void run_steps(double* x, int n, int steps) {
  double *d_x, *d_y;
  int* d_perm;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_perm, n * sizeof(int));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) {
    fill_perm<<<1, 32>>>(d_perm, n, s + 1);
    gather_sq<<<1, 32>>>(d_x, d_perm, d_y, n);
    axpy<<<1, 32>>>(d_x, d_y, 0.1, n);
  }
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_perm);
}
