// cuad: --fn run --wrt x,c,y
// Minimal: a host function outside a namespace launches a namespaced kernel that takes a
// namespaced struct by value (`ns::k<<<...>>>(dx, c, dy, n)`, `c` an `ns::Coef`). The host
// gradient declares the struct's device adjoint and its host copy with the unqualified name
// (`Coef* _d_arg0`, `Coef _r1 = Coef{};`) at global scope: g++/nvcc "'Coef' was not declared
// in this scope".
#include <cuda_runtime.h>
namespace ns {
struct Coef { double a, b; };
__global__ void k(const double* x, Coef c, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = c.a * x[i] + c.b * x[i] * x[i];
}
}
void run(const double* x, ns::Coef c, double* y, int n) {
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  ns::k<<<1, 32>>>(dx, c, dy, n);
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
}
