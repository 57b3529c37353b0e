// cuad: --fn model_loss --wrt x,coef
// Two-level host helpers with std::vector host data: model_loss builds a std::vector
// staging buffer, calls prepare() (host -> host helper run_kernels() that launches),
// copies back into a std::vector and sums on the host.
#include <cuda_runtime.h>
#include <vector>

__global__ void poly(const float* x, float* y, float c0, float c1, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = c0 * x[i] + c1 * x[i] * x[i] * x[i];
}
__global__ void smooth(const float* y, float* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float l = i > 0 ? y[i - 1] : 0.0f;
    float r = i + 1 < n ? y[i + 1] : 0.0f;
    z[i] = 0.25f * l + 0.5f * y[i] + 0.25f * r;
  }
}

void run_kernels(const float* d_x, float* d_y, float* d_z, const float* coef, int n) {
  int grid = (n + 127) / 128;
  poly<<<grid, 128>>>(d_x, d_y, coef[0], coef[1], n);
  smooth<<<grid, 128>>>(d_y, d_z, n);
}

void prepare(const float* hx, float* d_z, const float* coef, int n) {
  float *d_x, *d_y;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMemcpy(d_x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  run_kernels(d_x, d_y, d_z, coef, n);
  cudaFree(d_x);
  cudaFree(d_y);
}

float model_loss(const float* x, const float* coef, int n) {
  std::vector<float> hx(n);
  for (int i = 0; i < n; ++i) hx[i] = x[i];
  float* d_z;
  cudaMalloc(&d_z, n * sizeof(float));
  prepare(hx.data(), d_z, coef, n);
  std::vector<float> hz(n);
  cudaMemcpy(hz.data(), d_z, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_z);
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += hz[i] * hz[i];
  return s;
}
