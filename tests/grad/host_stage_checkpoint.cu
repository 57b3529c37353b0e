// cuad: --fn run --wrt x,y
// A host staging buffer (a std::vector, named by a pointer `h = cur.data()`) overwritten by
// a device-to-host cudaMemcpy in a loop, whose values flow into active host code: its
// checkpoint is a host copy (the copy's kind says where `h` lives). It used to be saved with a
// device-to-device copy of host memory (an invalid-argument error on a GPU).
#include <vector>
#include <cuda_runtime.h>
__global__ void scale(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 0.5 * x[i] + sin(y[i]);
}
// two relaxation sweeps; after each one the host reads the iterate into a staging buffer
int run(const double* x, double* y, int n) {
  double *dx, *dy;
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&dy, n * sizeof(double));
  cudaMemcpy(dx, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(dy, 0, n * sizeof(double));
  std::vector<double> cur(n), prev(n);
  int big = 0;
  double change = 0.0;
  for (int r = 0; r < 2; ++r) {
    scale<<<1, 32>>>(dy, dx, n);
    double* h = cur.data();
    cudaMemcpy(h, dy, n * sizeof(double), cudaMemcpyDeviceToHost);
    change = 0.0;
    for (int i = 0; i < n; ++i) change = fmax(change, fabs(cur[i] - prev[i]));
    for (int i = 0; i < n; ++i) prev[i] = cur[i];
    big += change > 0.5;
  }
  cudaMemcpy(y, dy, n * sizeof(double), cudaMemcpyDeviceToHost);

  cudaFree(dx);
  cudaFree(dy);
  return big;
}
