// Grid-stride elementwise kernels: saxpy, a scalar-parameter map, and an in-place update,
// launched with a grid sized from the device's SM count.
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

__global__ void scaled_sin(double *out, const double *in, double k, size_t n) {
  size_t stride = (size_t)blockDim.x * gridDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) {
    double v = in[i];
    out[i] = k * sin(v) + 0.5 * k * k * v;
  }
}

__global__ void clamp_inplace(float *x, float lo, float hi, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  const long step = (long)gridDim.x * blockDim.x;
  while (i < n) {
    float v = x[i];
    x[i] = v < lo ? lo : (v > hi ? hi : v);
    i += step;
  }
}

void run_saxpy(int n, float a, const float *d_x, float *d_y) {
  int device = 0, sms = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  saxpy<<<32 * sms, 256>>>(n, a, d_x, d_y);
}
