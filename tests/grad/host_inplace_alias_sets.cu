// cuad: --fn run_sets --wrt x,y
// Launches passing one buffer for several pointer parameters: three at once (`fma3(d, d, d,
// n)`, in place), two read-only ones (`mul(e, d, d, n)`: two `__restrict__` adjoints of one
// buffer would both be added into), and two sets of struct fields at once (`mix(b.u, b.v,
// b.u, b.v, n)`). Each launch runs a variant with every set merged into one parameter
// (before, only a single pair of plain variables was merged: the others got one adjoint
// buffer for several `__restrict__` adjoints, and the in-place ones lost their gradient).
#include <cuda_runtime.h>

__global__ void fma3(float* out, const float* a, const float* b, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] * b[i] + 0.5f * a[i];
}

__global__ void mul(float* out, const float* a, const float* b, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] * b[i] - b[i];
}

__global__ void mix(float* u, float* v, const float* a, const float* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float p = a[i], q = c[i];
    u[i] = p * q;
    v[i] = q + 0.25f * p * p;
  }
}

struct Pair {
  float* u;
  float* v;
};

void run_sets(const float* x, float* y, int n) {
  float *d, *e;
  Pair b;
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&e, n * sizeof(float));
  cudaMalloc(&b.u, n * sizeof(float));
  cudaMalloc(&b.v, n * sizeof(float));
  cudaMemcpy(d, x, n * sizeof(float), cudaMemcpyHostToDevice);
  fma3<<<1, 32>>>(d, d, d, n);
  mul<<<1, 32>>>(e, d, d, n);
  cudaMemcpy(b.u, d, n * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaMemcpy(b.v, e, n * sizeof(float), cudaMemcpyDeviceToDevice);
  mix<<<1, 32>>>(b.u, b.v, b.u, b.v, n);
  cudaMemcpy(y, b.u, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(y + n, b.v, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d);
  cudaFree(e);
  cudaFree(b.u);
  cudaFree(b.v);
}
