// C linkage for kernels and host entry points that are loaded by name (ctypes, dlsym),
// both as single declarations and as an extern "C" block.
#include <cuda_runtime.h>

extern "C" __global__ void relu_forward(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

extern "C" {

__global__ void relu_backward(const float *x, const float *dy, float *dx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dx[i] = x[i] > 0.0f ? dy[i] : 0.0f;
}

int launch_relu(const float *d_x, float *d_y, int n) {
  relu_forward<<<(n + 255) / 256, 256>>>(d_x, d_y, n);
  return (int)cudaGetLastError();
}

int launch_relu_backward(const float *d_x, const float *d_dy, float *d_dx, int n);

} // extern "C"

extern "C" int launch_relu_backward(const float *d_x, const float *d_dy, float *d_dx, int n) {
  relu_backward<<<(n + 255) / 256, 256>>>(d_x, d_dy, d_dx, n);
  return (int)cudaGetLastError();
}
