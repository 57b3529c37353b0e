// cuad: --fn scale_entry --wrt a,x
// Minimal: a host entry point that only forwards to a host worker which updates the host
// array x in place (upload, launch, download). cuad refuses: "`scale_worker` may overwrite
// `x`, which the reverse pass needs, and cuad cannot save it ... the guards of
// `scale_worker`'s kernels do not bound their stores into it", although the kernel's store
// is guarded by `if (i < n)`, x is written by a cudaMemcpy of n elements, and the call is
// the last statement (its pullback can run on the untouched input).
#include <cuda_runtime.h>

__global__ void scale_kernel(double* y, const double* a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = y[i] * a[i];
}

void scale_worker(const double* a, double* x, int n) {
  double *d_a, *d_x;
  cudaMalloc(&d_a, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMemcpy(d_a, a, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  scale_kernel<<<1, 32>>>(d_x, d_a, n);
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_a);
  cudaFree(d_x);
}

void scale_entry(const double* a, double* x, int n) { scale_worker(a, x, n); }
