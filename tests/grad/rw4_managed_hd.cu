// cuad: --fn run_managed --wrt out,x,k
// Managed memory behind an error-checking macro, a __host__ __device__ helper called from a
// host loop and from a kernel, a __constant__ struct read by the kernel, and host loops that
// read the kernel's managed output after cudaDeviceSynchronize.
#include <cstdio>
#define CUDA_CHECK(expr)                                                            \
  do {                                                                              \
    cudaError_t err = (expr);                                                       \
    if (err != cudaSuccess) {                                                       \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err)); \
    }                                                                               \
  } while (0)

struct Coeffs {
  float a, b;
};
__constant__ Coeffs c_cf;

__host__ __device__ inline float soft(float v, float k) { return v / (1.0f + k * v * v); }

__global__ void apply(float* y, const float* u, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = c_cf.a * soft(u[i], k) + c_cf.b * u[i] * u[i];
}

void run_managed(float* out, const float* x, float k, int n) {
  Coeffs cf{1.5f, -0.25f};
  CUDA_CHECK(cudaMemcpyToSymbol(c_cf, &cf, sizeof(Coeffs)));
  float *u, *y;
  CUDA_CHECK(cudaMallocManaged(&u, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; ++i) u[i] = soft(x[i], 0.5f * k);
  apply<<<(n + 31) / 32, 32>>>(y, u, k, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; ++i) out[i] = y[i] + 0.1f * u[i];
  CUDA_CHECK(cudaFree(u));
  CUDA_CHECK(cudaFree(y));
}
