// cuad's own program for Clad's device-side runtime and CUDA requests (written for this
// repository): `clad::restore_tracker` and `clad::zero_init` in a kernel, gradients of CUDA
// intrinsics (rsqrtf, __logf, __expf) checked against their exact derivatives, a kernel
// gradient with a `__shared__` staging array run through `execute_kernel`, and forward mode
// of a host function that copies to the device and launches a kernel. The expected output is
// this file's `// CHECK-EXEC:` lines, checked by crates/cli/tests/build.rs
// (clad_device_runtime_matches) and scripts/clad-gpu.sh.
#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

struct Pair {
  double lo, hi;
};

__global__ void runtime_checks(int* ok) {
  clad::restore_tracker tracker;
  double v = 2.5;
  float w[3] = {1.0f, 2.0f, 3.0f};
  tracker.store(v);
  tracker.store(w[1]);
  v = -1.0;
  w[1] = 7.0f;
  tracker.store(v);  // already tracked: the first value stays
  tracker.restore();
  Pair p{4.0, 5.0};
  clad::zero_init(p);
  double arr[4] = {1, 2, 3, 4};
  clad::zero_init(arr);
  *ok = (v == 2.5) + (w[1] == 2.0f) + (p.lo == 0.0 && p.hi == 0.0) +
        (arr[0] == 0 && arr[3] == 0);
}

__device__ float intrinsics(float a) { return rsqrtf(a) + __logf(a) + __expf(a); }

__global__ void scale_staged(double* out, const double* in, double s) {
  __shared__ double tile[8];
  int t = threadIdx.x;
  tile[t] = in[t] * s;
  __syncthreads();
  out[t] = tile[7 - t] * tile[t];
}

__global__ void axpy(double* y, const double* x, double a, int n) {
  int i = threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

double launched_sum(double a, double b) {
  const int n = 64;
  double hx[n], hy[n];
  for (int i = 0; i < n; ++i) {
    hx[i] = 0.5 * i;
    hy[i] = 1.0;
  }
  double *x = nullptr, *y = nullptr;
  cudaMalloc(&x, n * sizeof(double));
  cudaMalloc(&y, n * sizeof(double));
  cudaMemcpy(x, hx, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, n * sizeof(double), cudaMemcpyHostToDevice);
  axpy<<<1, 96>>>(y, x, a * b, n);
  cudaDeviceSynchronize();
  cudaMemcpy(hy, y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(x);
  cudaFree(y);
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += hy[i];
  return sum;
}

__global__ void intrinsics_kernel(float* out, const float* in) { *out = intrinsics(*in); }

int main() {
  int* ok;
  cudaMalloc(&ok, sizeof(int));
  runtime_checks<<<1, 1>>>(ok);
  int h_ok = 0;
  cudaMemcpy(&h_ok, ok, sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(ok);
  printf("runtime checks passed: %d of 4\n", h_ok);  // CHECK-EXEC: runtime checks passed: 4 of 4

  // d/da (rsqrtf(a) + __logf(a) + __expf(a)) at 2 = -2^-1.5 / 2 + 1/2 + e^2 = 7.71228
  auto gi = clad::gradient(intrinsics_kernel);
  float *f_out, *f_in, *f_dout, *f_din;
  cudaMallocManaged(&f_out, sizeof(float));
  cudaMallocManaged(&f_in, sizeof(float));
  cudaMallocManaged(&f_dout, sizeof(float));
  cudaMallocManaged(&f_din, sizeof(float));
  *f_in = 2.0f;
  *f_dout = 1.0f;
  *f_din = 0.0f;
  gi.execute_kernel(dim3(1), dim3(1), f_out, f_in, f_dout, f_din);
  cudaDeviceSynchronize();
  printf("intrinsics: %.3f\n", *f_din);  // CHECK-EXEC: intrinsics: 7.712

  // out[t] = s^2 in[7-t] in[t]: d/din[k] = 2 s^2 in[7-k], d/ds = sum_t 2 s in[t] in[7-t].
  auto gs = clad::gradient(scale_staged);
  double h_in[8], h_ones[8], h_zero[8] = {};
  for (int t = 0; t < 8; ++t) {
    h_in[t] = t + 1;
    h_ones[t] = 1.0;
  }
  double *d_out, *d_in, *a_out, *a_in, *a_s;
  cudaMalloc(&d_out, sizeof h_in);
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&a_out, sizeof h_in);
  cudaMalloc(&a_in, sizeof h_in);
  cudaMalloc(&a_s, sizeof(double));
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(a_out, h_ones, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(a_in, h_zero, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(a_s, h_zero, sizeof(double), cudaMemcpyHostToDevice);
  gs.execute_kernel(dim3(1), dim3(8), d_out, d_in, 0.5, a_out, a_in, a_s);
  double r_in[8], r_s = 0;
  cudaMemcpy(r_in, a_in, sizeof h_in, cudaMemcpyDeviceToHost);
  cudaMemcpy(&r_s, a_s, sizeof(double), cudaMemcpyDeviceToHost);
  printf("staged: %g %g %g\n", r_in[0], r_in[7], r_s);  // CHECK-EXEC: staged: 4 0.5 120

  // sum = sum_i (1 + a b i / 2) over 64 elements: d/da = 1008 b.
  auto fa = clad::differentiate(launched_sum, "a");
  printf("launched: %g\n", fa.execute(2.0, 3.0));  // CHECK-EXEC: launched: 3024
  return 0;
}
