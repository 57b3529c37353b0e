// cuad: --fn run --wrt x,y
// cuad: fwd --fn run
// `h.assign(first, last)` from a pointer range sizes the empty vector and copies the range into
// it (a host-to-host copy whose pullback moves h's adjoint back into x's); in the loop,
// `h.assign(g.begin(), g.end())` copies another lowered vector into the sized one (the program
// stops if the sizes differ). The first was refused with "cuad cannot tell where the adjoint
// of `x` lives", the second kept both vectors library containers.
#include <vector>
#include <cuda_runtime.h>
__global__ void scale(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0 * x[i] * x[i];
}
int run(const double* x, double* y, int n) {
  std::vector<double> h;
  h.assign(x, x + n);
  std::vector<double> g(n);
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  for (int r = 0; r < 2; ++r) {
    for (int i = 0; i < n; ++i) h[i] = h[i] * 0.5 + 0.25;
    cudaMemcpy(dx, h.data(), n * sizeof(double), cudaMemcpyHostToDevice);
    scale<<<1, 32>>>(dy, dx, n);
    cudaMemcpy(g.data(), dy, n * sizeof(double), cudaMemcpyDeviceToHost);
    h.assign(g.begin(), g.end());
  }
  int big = 0;
  for (int i = 0; i < n; ++i) {
    y[i] = h[i] + x[i] * g[i];
    big += y[i] > 1.0;
  }
  cudaFree(dx);
  cudaFree(dy);
  return big;
}
