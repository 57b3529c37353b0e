// cuad: --fn run --wrt x,y
// cuad: fwd --fn run
// Lowered std::vector staging buffers passed to host helpers by `const std::vector<double>&`
// and `std::vector<double>&`: helpers that use the vector only through `[]`, `data()`,
// `size()`, `front()`/`back()`, a range-based `for`, `begin()`/`end()` given to std::copy, or
// by passing it on to another such helper, are called as copies taking a pointer and a size,
// so they read and write the buffer whose adjoint is mirrored. Before, passing the vector kept
// it a library container, and the derivative through the helpers was silently dropped.
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
__global__ void scale(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0 * x[i] * x[i] + x[i];
}
static double sum_sq(const std::vector<double>& v) {
  double s = 0;
  for (size_t i = 0; i < v.size(); ++i) s += v[i] * v[i];
  return s;
}
double ends(const std::vector<double>& v) {
  double s = v.front() * v.back();
  for (double e : v) s += 0.25 * e;
  return s;
}
void fill(std::vector<double>& v, const double* x, double a) {
  double* p = v.data();
  for (size_t i = 0; i < v.size(); ++i) p[i] = a * x[i];
}
void stage(std::vector<double>& v, const double* x) {
  fill(v, x, 0.75);
  if (!v.empty()) v[0] += 1.0;
}
void axpy(std::vector<double>& out, const std::vector<double>& in, double a) {
  std::copy(in.begin(), in.end(), out.begin());
  for (size_t i = 0; i < out.size(); ++i) out[i] = out[i] + a * in[i] * in[i];
}
double run(const double* x, double* y, int n) {
  std::vector<double> h(n), g(n);
  stage(h, x);
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, h.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  scale<<<1, 32>>>(dy, dx, n);
  cudaMemcpy(g.data(), dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  axpy(h, g, 0.5);
  std::copy(h.begin(), h.end(), y);
  cudaFree(dx);
  cudaFree(dy);
  return sum_sq(g) + ends(h);
}
