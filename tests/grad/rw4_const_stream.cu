// cuad: --fn run_poly --wrt out,x,scale
// A host function written the way production code is: a CHECK macro around every runtime call,
// polynomial coefficients in __constant__ memory (cudaMemcpyToSymbol), a read-only __device__
// global, pinned staging memory, a stream with async copies, an event, a grid-stride kernel.
#include <cstdio>
#define CHECK(call)                                                   \
  do {                                                                \
    cudaError_t e_ = (call);                                          \
    if (e_ != cudaSuccess) printf("CUDA error %s\n", cudaGetErrorString(e_)); \
  } while (0)

__constant__ float c_coef[4];
__device__ float g_bias = 0.25f;

__global__ void poly_kernel(float* out, const float* x, float scale, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float v = x[i];
    float p = c_coef[3];
    for (int k = 2; k >= 0; --k) p = p * v + c_coef[k];
    out[i] = scale * p + g_bias;
  }
}

void run_poly(float* out, const float* x, float scale, int n) {
  const float coef[4] = {0.5f, -1.0f, 0.75f, 0.2f};
  CHECK(cudaMemcpyToSymbol(c_coef, coef, sizeof(coef)));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  cudaEvent_t ev;
  CHECK(cudaEventCreate(&ev));
  float *h_x, *d_x, *d_out;
  CHECK(cudaMallocHost(&h_x, n * sizeof(float)));
  for (int i = 0; i < n; ++i) h_x[i] = x[i];
  CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CHECK(cudaMemcpyAsync(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice, s));
  poly_kernel<<<2, 32, 0, s>>>(d_out, d_x, scale, n);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(ev, s));
  CHECK(cudaMemcpyAsync(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaDeviceSynchronize());
  cudaEventDestroy(ev);
  cudaStreamDestroy(s);
  cudaFree(d_x);
  cudaFree(d_out);
  cudaFreeHost(h_x);
}
