// cuad: --fn sum_losses --wrt x
// cuad: fwd --fn sum_losses --wrt x
// A host function finishing its loss with std::accumulate over a std::vector staging buffer
// (begin()/end(), data() + offsets), over a malloc buffer (pointer ends, `std::plus<double>()`)
// and std::reduce with an initial value. Each call becomes a sum loop before its statement
// (init and every element of the range get the seed); the vector read only through its
// iterators still lowers to a buffer with an adjoint.
#include <cuda_runtime.h>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <vector>

__global__ void sq(const double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * x[i] + 0.5 * x[i];
}

double sum_losses(const double* x, int n) {
  double *d_x, *d_y;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  sq<<<(n + 63) / 64, 64>>>(d_x, d_y, n);
  std::vector<double> h(n);
  cudaMemcpy(h.data(), d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  double* p = (double*)malloc(n * sizeof(double));
  cudaMemcpy(p, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  double whole = std::accumulate(h.begin(), h.end(), 0.0);
  // The init carries a derivative too, and one call sits inside a larger expression.
  double head = std::accumulate(h.data(), h.data() + n / 2, x[0]);
  double tail = 0.5 * std::accumulate(p + 1, p + n, x[1] * x[1], std::plus<double>());
  double mid = std::reduce(h.begin() + 1, h.end() - 1, 0.0);
  free(p);
  cudaFree(d_x);
  cudaFree(d_y);
  return whole + head * head + tail + 0.25 * mid;
}
