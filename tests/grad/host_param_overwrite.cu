// cuad: --fn write_back --wrt w
// cuad: --fn reset_after --wrt d_x,d_out
// cuad: --fn stream_in --wrt d_x,h,d_out
// cuad: --fn write_back_default --wrt w
// cuad: --fn host_rescale --wrt w
// Runtime calls that overwrite memory of the caller's (parameters cuad did not allocate) whose
// old contents the reverse pass reads: the region each call writes is saved before it and
// restored at its reverse. `write_back` reads `w` on the host, then copies device results back
// over it (before: the reverse read the new values, an adjoint of 4w instead of 2w);
// `reset_after` zeroes a device buffer an earlier launch's gradient reads; `stream_in` copies
// one host slice per iteration over a device buffer the loop's kernel reads; the copy of
// `write_back_default` has kind cudaMemcpyDefault.
#include <cuda_runtime.h>

__global__ void twice(double* p, int n) {
  int i = threadIdx.x;
  if (i < n) p[i] = 2.0 * p[i] + p[i] * p[i];
}

double write_back(double* w, int n) {
  double s = 0.0;
  for (int j = 0; j < n; ++j) s += w[j] * w[j] * w[j];
  double* d;
  cudaMalloc(&d, n * sizeof(double));
  cudaMemcpy(d, w, n * sizeof(double), cudaMemcpyHostToDevice);
  twice<<<1, 32>>>(d, n);
  cudaMemcpy(w, d, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return s;
}

__global__ void add_sq(double* out, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += x[i] * x[i];
}

void reset_after(double* d_x, double* d_out, int n) {
  add_sq<<<(n + 31) / 32, 32>>>(d_out, d_x, n);
  cudaMemset(d_x, 0, n * sizeof(double));
  add_sq<<<(n + 31) / 32, 32>>>(d_out, d_x, n);
}

void stream_in(double* d_x, const double* h, double* d_out, int n, int k) {
  for (int t = 0; t < k; ++t) {
    add_sq<<<(n + 31) / 32, 32>>>(d_out, d_x, n);
    cudaMemcpy(d_x + 1, h + t * (n - 1), (n - 1) * sizeof(double), cudaMemcpyHostToDevice);
  }
}

double write_back_default(double* w, int n) {
  double s = 0.0;
  for (int j = 0; j < n; ++j) s += w[j] * w[j] * w[j];
  double* d;
  cudaMalloc(&d, n * sizeof(double));
  cudaMemcpy(d, w, n * sizeof(double), cudaMemcpyDefault);
  twice<<<1, 32>>>(d, n);
  cudaMemcpy(w + 1, d + 1, (n - 1) * sizeof(double), cudaMemcpyDefault);
  cudaFree(d);
  return s;
}

double host_rescale(double* w, int n) {
  double s = 0.0;
  for (int j = 0; j < n; ++j) s += w[j] * w[j] * w[j];
  for (int j = 0; j < n; ++j) w[j] = 3.0 * w[j] * w[j];
  return s;
}
