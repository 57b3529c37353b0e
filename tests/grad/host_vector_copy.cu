// cuad: --fn run --wrt x,y
// cuad: fwd --fn run
// A std::vector host staging buffer copied whole into another (`prev = check;`): both stay
// fixed host buffers with adjoints, the copy is a host-to-host cudaMemcpy (its pullback moves
// the adjoint back). It used to keep both as std::vector, whose `.data()` had a null adjoint
// that the pullback of the device-to-host copy into it dereferenced (a crash).
#include <vector>
#include <cuda_runtime.h>
__global__ void scale(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0 * x[i] * x[i];
}
int run(const double* x, double* y, int n) {
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  scale<<<1, 32>>>(dy, dx, n);
  std::vector<double> check(n), prev(n);
  int big = 0;
  for (int r = 0; r < 2; ++r) {
    double* h = check.data();
    cudaMemcpy(h, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) big += check[i] > prev[i];
    prev = check;
  }
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(dx);
  cudaFree(dy);
  return big;
}
