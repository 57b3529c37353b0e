// cuad: --fn run
// Minimal: a host helper launches a kernel that updates a buffer in place (halo fill), on a
// buffer the differentiated host function allocated. With `#define N 8` cuad bounds the
// kernel's stores and saves the buffer; with `constexpr int N = 8;` it refuses:
// "kernel `wrap_halo` overwrites `f`, which the reverse pass needs, and cuad does not know its
// size (allocate it with cudaMalloc in this function)". Launching the kernel directly in
// run() (no helper) works with constexpr too.
#include <cuda_runtime.h>
constexpr int N = 8;
__global__ void wrap_halo(double* f) {
  const int i = threadIdx.x;
  if (i >= 1) return;
  f[0] = f[N];
  f[N + 1] = f[1];
}
__global__ void smooth(const double* f, double* g) {
  const int i = threadIdx.x;
  if (i >= N) return;
  g[i + 1] = 0.25 * f[i] + 0.5 * f[i + 1] + 0.25 * f[i + 2] * f[i + 2];
}
static void halo(double* f) { wrap_halo<<<1, 32>>>(f); }
void run(const double* x, double* y) {
  double *a, *b;
  cudaMalloc(&a, (N + 2) * sizeof(double));
  cudaMalloc(&b, (N + 2) * sizeof(double));
  cudaMemcpy(a + 1, x, N * sizeof(double), cudaMemcpyHostToDevice);
  halo(a);
  smooth<<<1, 32>>>(a, b);
  halo(b);
  smooth<<<1, 32>>>(b, a);
  cudaMemcpy(y, a + 1, N * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
}
