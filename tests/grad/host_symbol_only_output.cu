// cuad: --fn sym_sum --wrt a,result
// A host function whose only listed input reaches a kernel through a __constant__ symbol,
// with the kernel's result read back into a host local and stored, doubled, into an output
// parameter: the kernel's gradient (`_via_c_a`) must run (it was never launched).
#include <cuda_runtime.h>

__constant__ double c_a[2];

__global__ void sym_kernel(const double* x, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(out, c_a[0] * x[i] + c_a[1] * x[i] * x[i]);
}

void sym_sum(const double* a, const double* x, int n, double* result) {
  double *d_x, *d_out;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_out, sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_out, 0, sizeof(double));
  cudaMemcpyToSymbol(c_a, a, 2 * sizeof(double));
  sym_kernel<<<1, 32>>>(d_x, d_out, n);
  double r = 0.0;
  cudaMemcpy(&r, d_out, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_out);
  *result = 2 * r;
}
