// cuad: --fn two_views --wrt x_h,y_h
// Minimal repro (silent wrong gradient): a host loop reuses one scratch buffer of double2 that
// a first kernel only writes (s = (a_v x^2, x)) and a second kernel reads (y += s.x * s.y). The
// host gradient saves the scratch before each launch and, in the reverse loop, restores it
// right before launching square_scale's gradient; but that gradient kernel keeps the primal's
// vector store `s[i] = make_double2(...)` (a scalar store `s[i] = a * x * x` is dropped and the
// case passes), so it overwrites the restored buffer with view 1's values, and the reverse of
// view 0 reads them in accum_sq's gradient. With one view it is exact; with two, x's adjoint is
// wrong (the photometric loss of rw26a_multiview_photometric, float3 pixel positions). The same
// happens without the loop (two straight-line square_scale/accum_sq pairs).
#include <cuda_runtime.h>

__global__ void square_scale(const double* __restrict__ x, double a, double2* __restrict__ s, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) s[i] = make_double2(a * x[i] * x[i], x[i]);
}

__global__ void accum_sq(const double2* __restrict__ s, double* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += s[i].x * s[i].y;
}

void two_views(const double* x_h, int n, double* y_h) {
  double *d_x, *d_y;
  double2* d_s;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_s, n * sizeof(double2));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_x, x_h, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_y, 0, n * sizeof(double));
  for (int v = 0; v < 2; ++v) {
    square_scale<<<1, 32>>>(d_x, 1.0 + v, d_s, n);
    accum_sq<<<1, 32>>>(d_s, d_y, n);
  }
  cudaMemcpy(y_h, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_s);
  cudaFree(d_y);
}
