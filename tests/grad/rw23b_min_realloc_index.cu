// cuad: --fn gather_steps --wrt x
// Minimal: a host loop that, on some steps, frees the device index buffer, allocates a new
// one and uploads new indices (a neighbour-list rebuild). The gradient saves the contents of
// the *new* allocation before the upload and never gives the pointer back its old value, so
// earlier steps' reverse kernels read garbage / the wrong indices.
#include <cuda_runtime.h>

__global__ void gather_sq(const double* __restrict__ x, const int* __restrict__ idx,
                          double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[idx[i]] * x[idx[i]];
}

__global__ void axpy(double* __restrict__ x, const double* __restrict__ y, double a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += a * y[i];
}

void gather_steps(double* x, int n, int steps) {
  int* h_idx = new int[n];
  double *d_x, *d_y;
  int* d_idx;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_idx, n * sizeof(int));
  for (int i = 0; i < n; ++i) h_idx[i] = n - 1 - i;
  cudaMemcpy(d_idx, h_idx, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) {
    if (s % 2 == 1) {  // rebuild the index list
      for (int i = 0; i < n; ++i) h_idx[i] = (i + s) % n;
      cudaFree(d_idx);
      cudaMalloc(&d_idx, n * sizeof(int));
      cudaMemcpy(d_idx, h_idx, n * sizeof(int), cudaMemcpyHostToDevice);
    }
    gather_sq<<<1, 32>>>(d_x, d_idx, d_y, n);
    axpy<<<1, 32>>>(d_x, d_y, 0.1, n);
  }
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_idx);
  delete[] h_idx;
}
