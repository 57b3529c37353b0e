// cuad: --fn weighted_norm --wrt x,w,y
// cuad: fwd --fn weighted_norm
// `new T[n]` / `delete[]` host staging buffers: one filled on the host and copied to the device,
// one a copy back reduced on the host, and a scalar `new double` accumulator.
#include <cuda_runtime.h>

__global__ void scale_sq(const double* in, const double* w, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = w[i % 3] * in[i] * in[i];
}

double weighted_norm(const double* x, const double* w, double* y, int n) {
  double* staged = new double[n];
  for (int i = 0; i < n; ++i) staged[i] = x[i] - 0.2 * x[(i + 1) % n];
  double *d_in, *d_out, *d_w;
  cudaMalloc(&d_in, n * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMalloc(&d_w, 3 * sizeof(double));
  cudaMemcpy(d_in, staged, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, 3 * sizeof(double), cudaMemcpyHostToDevice);
  scale_sq<<<(n + 31) / 32, 32>>>(d_in, d_w, d_out, n);
  double* back = new double[n];
  cudaMemcpy(back, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  double* acc = new double;
  *acc = 0.0;
  for (int i = 0; i < n; ++i) {
    *acc += back[i];
    y[i] = back[i] * staged[i];
  }
  double r = sqrt(*acc);
  delete acc;
  delete[] back;
  delete[] staged;
  cudaFree(d_in);
  cudaFree(d_out);
  cudaFree(d_w);
  return r;
}
