// Adapted from Clad's test suite: vgvassilev/clad, test/CUDA/GradientCuda.cu (LGPL-3.0), with
// attribution. The lit RUN lines and the `// CHECK:` lines on Clad's generated source are
// dropped. A gradient requested at file scope, passed to a kernel by value and executed on the
// device; checked by crates/cli/tests/build.rs (clad_gradient_cuda_matches_clad).
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include "clad/Differentiator/Differentiator.h"

#define N 3

__device__ __host__ double gauss(double* x, double* p, double sigma, int dim) {
  double t = 0;
  for (int i = 0; i < dim; i++)
    t += (x[i] - p[i]) * (x[i] - p[i]);
  t = -t / (2 * sigma * sigma);
  return std::pow(2 * M_PI, -dim / 2.0) * std::pow(sigma, -0.5) * std::exp(t);
}

auto gauss_g = clad::gradient(gauss, "p");

__global__ void compute(decltype(gauss_g) grad, double* d_x, double* d_p, int n, double* d_result) {
  grad.execute(d_x, d_p, 2.0, n, d_result);
}

int main(void) {
  double *x, *d_x;
  double *p, *d_p;
  x = (double*)malloc(N * sizeof(double));
  p = (double*)malloc(N * sizeof(double));
  for (int i = 0; i < N; i++) {
    x[i] = 2.0;
    p[i] = 1.0;
  }
  cudaMalloc(&d_x, N * sizeof(double));
  cudaMemcpy(d_x, x, N * sizeof(double), cudaMemcpyHostToDevice);
  cudaMalloc(&d_p, N * sizeof(double));
  cudaMemcpy(d_p, p, N * sizeof(double), cudaMemcpyHostToDevice);
  double *result, *d_result;
  result = (double*)malloc(N * sizeof(double));
  cudaMalloc(&d_result, N * sizeof(double));
  cudaMemset(d_result, 0, N * sizeof(double)); // not in the original: the adjoints accumulate

  compute<<<1, 1>>>(gauss_g, d_x, d_p, N, d_result);
  cudaDeviceSynchronize();

  cudaMemcpy(result, d_result, N * sizeof(double), cudaMemcpyDeviceToHost);
  printf("%f,%f,%f\n", result[0], result[1], result[2]);
}
// CHECK-EXEC: 0.007714,0.007714,0.007714
