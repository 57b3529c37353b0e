// cuad: --fn slab_chain --wrt x,w
// Work buffers as slices of one allocation (`double *a = buf, *c = buf + n, *s = &buf[2 * n];`):
// kernels overwrite slices whose old contents the reverse pass needs (the slices share one
// buffer, so cuad cannot tell them apart from the one it reads). A slice's size is the rest of
// the allocation after it (before: "kernel `sum_sq` overwrites `d_s`, which the reverse pass
// needs, and cuad does not know its size").
#include <cuda_runtime.h>

__global__ void sq(const double* x, double* y, double w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = w * x[i] * x[i];
}

__global__ void sum_sq(const double* y, double* s, int n) {
  if (threadIdx.x == 0) {
    double a = 0.0;
    for (int i = 0; i < n; ++i) a += y[i] * y[i];
    *s = a;
  }
}

__global__ void damp(double* y, const double* s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = y[i] / (1.0 + s[0] * y[i] * y[i]);
}

double slab_chain(const double* x, double w, int n) {
  double* buf;
  cudaMalloc(&buf, (3 * n + 1) * sizeof(double));
  double *a = buf, *c = buf + n, *d_s = &buf[2 * n];
  cudaMemcpy(a, x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int r = 0; r < 2; ++r) {
    sq<<<(n + 31) / 32, 32>>>(a, c, w, n);
    sum_sq<<<1, 32>>>(c, d_s, n);
    damp<<<(n + 31) / 32, 32>>>(c, d_s, n);
    cudaMemcpy(a, c, n * sizeof(double), cudaMemcpyDeviceToDevice);
  }
  double s = 0.0;
  sum_sq<<<1, 32>>>(a, d_s, n);
  cudaMemcpy(&s, d_s, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(buf);
  return s;
}
