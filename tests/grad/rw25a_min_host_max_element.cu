// cuad: --fn scaled_step --wrt x,y
// Minimal: a host function takes the largest entry of the caller's array with
// `*std::max_element(x, x + n)` (a CFL-style time step from the fastest cell) and passes a
// value computed from it to a kernel. Reverse mode refuses: "cuad cannot tell where the
// adjoint of `*std::max_element(x, x + n)` lives" (a plain loop with std::max works).
#include <cuda_runtime.h>
#include <algorithm>

__global__ void scale(double* y, const double* x, double s, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = s * x[i] * x[i];
}

void scaled_step(const double* x, double* y, int n) {
  const double xmax = *std::max_element(x, x + n);
  const double s = 1.0 / xmax;
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  scale<<<1, 32>>>(dy, dx, s, n);
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}
