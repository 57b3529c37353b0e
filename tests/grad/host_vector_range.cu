// cuad: --fn run --wrt x,y
// cuad: fwd --fn run
// A std::vector built from a host parameter's range (`std::vector<double> w(x, x + n)`) is a
// fixed host buffer filled from the range, so its values carry derivatives (it was refused:
// "cuad cannot tell where the adjoint of `x` lives").
#include <vector>
#include <cuda_runtime.h>
__global__ void scale(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0 * x[i] * x[i];
}
int run(const double* x, double* y, int n) {
  std::vector<double> w(x, x + n);
  for (int i = 0; i < n; ++i) w[i] = w[i] * 0.5 + 1.0;
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, w.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  scale<<<1, 32>>>(dy, dx, n);
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  int big = 0;
  for (int i = 0; i < n; ++i) big += y[i] > w[i];
  cudaFree(dx);
  cudaFree(dy);
  return big;
}
