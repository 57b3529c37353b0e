// cuad: --fn rescale_twice --wrt x,y
// cuad: --fn field_and_stream --wrt x,y
// cuad: fwd --fn rescale_twice --wrt x,y
// cuad: fwd --fn field_and_stream --wrt x,y
// Host scalars that a runtime call overwrites through their address (`cudaMemcpy(&s, ...)`)
// and that host arithmetic reads before the next overwrite: the reverse pass needs each
// value the copy replaced. rescale_twice: one local copied into twice outside loops (saved
// once per copy, no tape). field_and_stream: a field of a local struct and a scalar declared
// outside the loop, filled by `cudaMemcpyAsync` on a stream and `cudaMemcpy` each iteration
// (taped per iteration), both read by the next launch's scale.
#include <cuda_runtime.h>

__global__ void sum_squares(const double* x, double* s, int n) {
  if (threadIdx.x != 0) return;
  double acc = 0.0;
  for (int i = 0; i < n; ++i) acc += x[i] * x[i];
  s[0] = acc;
}

__global__ void max_abs(const double* x, double* m, int n) {
  if (threadIdx.x != 0) return;
  double acc = 0.0;
  for (int i = 0; i < n; ++i) acc = fmax(acc, fabs(x[i]));
  m[0] = acc;
}

__global__ void scale_add(double* x, double a, double b, int n) {
  const int i = threadIdx.x;
  if (i < n) x[i] = a * x[i] + b;
}

void rescale_twice(const double* x, double* y, int n) {
  double *d_x, *d_s;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_s, sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  double s;
  sum_squares<<<1, 32>>>(d_x, d_s, n);
  cudaMemcpy(&s, d_s, sizeof(double), cudaMemcpyDeviceToHost);
  const double a = 1.0 / s;
  scale_add<<<1, 32>>>(d_x, a, 0.25, n);
  sum_squares<<<1, 32>>>(d_x, d_s, n);
  cudaMemcpy(&s, d_s, sizeof(double), cudaMemcpyDeviceToHost);
  scale_add<<<1, 32>>>(d_x, s * a, 0.5 * s, n);
  cudaMemcpy(y, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_s);
}

struct Stats {
  double mx;
  double ss;
};

void field_and_stream(const double* x, double* y, int n) {
  double *d_x, *d_m, *d_s;
  cudaStream_t st;
  cudaStreamCreate(&st);
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_m, sizeof(double));
  cudaMalloc(&d_s, sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  Stats q;
  double ss = 0.0;
  for (int k = 0; k < 3; ++k) {
    max_abs<<<1, 32, 0, st>>>(d_x, d_m, n);
    cudaMemcpyAsync(&q.mx, d_m, sizeof(double), cudaMemcpyDeviceToHost, st);
    cudaStreamSynchronize(st);
    sum_squares<<<1, 32>>>(d_x, d_s, n);
    cudaMemcpy(&ss, d_s, sizeof(double), cudaMemcpyDeviceToHost);
    scale_add<<<1, 32>>>(d_x, 1.0 / q.mx, 0.1 * ss / (1.0 + ss), n);
  }
  cudaMemcpy(y, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_m);
  cudaFree(d_s);
  cudaStreamDestroy(st);
}
