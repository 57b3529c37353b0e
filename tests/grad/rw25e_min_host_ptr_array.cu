// cuad: --fn two_level_scale --wrt x,y
// Minimal repro: a host function keeps its device buffers in a local array of pointers
// (`double* buf[2]`, as image pyramids do), allocated in a loop and used as buf[0], buf[l].
// The array becomes one pointer variable per entry (pointer_arrays.rs); cuad refused it
// before: "cannot tell where the adjoint of the buffer `buf[0]` lives".
#include <cuda_runtime.h>

__global__ void scale_sq(const double* a, double* b, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] = 0.5 * a[i] * a[i];
}

void two_level_scale(const double* x, double* y, int n) {
  double* buf[2];
  for (int l = 0; l < 2; ++l) cudaMalloc(&buf[l], n * sizeof(double));
  cudaMemcpy(buf[0], x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int l = 1; l < 2; ++l) scale_sq<<<1, 32>>>(buf[l - 1], buf[l], n);
  cudaMemcpy(y, buf[1], n * sizeof(double), cudaMemcpyDeviceToHost);
  for (int l = 0; l < 2; ++l) cudaFree(buf[l]);
}
