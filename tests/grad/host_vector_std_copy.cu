// cuad: --fn run --wrt x,y,z
// cuad: fwd --fn run
// std::copy / std::copy_n into and out of lowered std::vector staging buffers (their
// begin()/end()/data(), with offsets) and between plain host pointers: host-to-host copies
// with the pullback of a host-to-host cudaMemcpy. They were refused ("no derivative for
// `std::copy`"), and a vector given to std::copy stayed a library container.
#include <vector>
#include <algorithm>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void scale(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0 * x[i] * x[i] + x[i];
}
void run(const double* x, double* y, double* z, int n) {
  std::vector<double> h(n);
  std::copy(x, x + n, h.begin());
  for (int i = 0; i < n; ++i) h[i] = h[i] * h[i] - 0.5;
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, h.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  scale<<<1, 32>>>(dy, dx, n);
  std::vector<double> o(n);
  cudaMemcpy(o.data(), dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  std::copy(o.begin(), o.end(), y);
  double* t = (double*)malloc(n * sizeof(double));
  std::copy_n(o.data() + 1, n - 1, t);
  std::copy(h.end() - 1, h.end(), t + n - 1);
  for (int i = 0; i < n; ++i) t[i] = t[i] * x[i];
  std::copy(t, t + n, z);
  free(t);
  cudaFree(dx);
  cudaFree(dy);
}
