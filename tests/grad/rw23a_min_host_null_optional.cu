// cuad: --fn scale_host --wrt x,y
// Minimal repro: a host function launches a kernel with `nullptr` for an optional output
// that the kernel writes only under `if (copy != nullptr)` (llm.c passes NULL for the master
// weights of adamw_kernel3, and for optional mean/rstd caches). The kernel's own gradient
// handles the guard, but the host function's gradient is refused: "kernel `scale` writes
// through `nullptr`, which cuad cannot trace to a buffer" (with NULL: "overwrites `NULL`,
// which the reverse pass needs, and cuad does not know its size").
#include <cuda_runtime.h>

__global__ void scale(const float* x, float* y, float* copy, float a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float r = a * x[i] * x[i];
  y[i] = r;
  if (copy != nullptr) copy[i] = r;
}

void scale_host(const float* x, float* y, float a, int n) {
  float *d_x, *d_y;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice);
  scale<<<(n + 31) / 32, 32>>>(d_x, d_y, nullptr, a, n);
  cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
}
