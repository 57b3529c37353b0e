// A complete host driver: allocate, initialise, launch two kernels on a 2-D grid,
// synchronise, copy back, check errors with a CHECK macro, free everything.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x)                                                                       \
  do {                                                                                 \
    cudaError_t e = (x);                                                               \
    if (e != cudaSuccess) {                                                            \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__,     \
              __LINE__);                                                               \
      return -1;                                                                       \
    }                                                                                  \
  } while (0)

__global__ void init_field(float *f, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    f[y * w + x] = sinf(0.1f * x) * cosf(0.1f * y);
}

__global__ void gradient_magnitude(const float *f, float *g, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1)
    return;
  float gx = 0.5f * (f[y * w + x + 1] - f[y * w + x - 1]);
  float gy = 0.5f * (f[(y + 1) * w + x] - f[(y - 1) * w + x]);
  g[y * w + x] = sqrtf(gx * gx + gy * gy);
}

int run_pipeline(int w, int h, float *host_out) {
  float *d_f = NULL, *d_g = NULL;
  size_t bytes = (size_t)w * h * sizeof(float);
  CHECK(cudaMalloc((void **)&d_f, bytes));
  CHECK(cudaMalloc((void **)&d_g, bytes));
  CHECK(cudaMemset(d_g, 0, bytes));
  dim3 threads(32, 8);
  dim3 blocks((w + threads.x - 1) / threads.x, (h + threads.y - 1) / threads.y);
  init_field<<<blocks, threads>>>(d_f, w, h);
  CHECK(cudaGetLastError());
  gradient_magnitude<<<blocks, threads, 0>>>(d_f, d_g, w, h);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(host_out, d_g, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_f));
  CHECK(cudaFree(d_g));
  return 0;
}

int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 256;
  int h = argc > 2 ? atoi(argv[2]) : 256;
  float *out = (float *)malloc((size_t)w * h * sizeof(float));
  int rc = run_pipeline(w, h, out);
  printf("rc=%d center=%f\n", rc, out[(h / 2) * w + w / 2]);
  free(out);
  return rc;
}
