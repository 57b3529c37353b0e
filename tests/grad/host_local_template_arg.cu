// cuad: --fn run --wrt u0,out
// cuad: fwd --fn run --wrt u0,out
// A host function launches kernel templates with its own local constants as template
// arguments (`const int B = 32;`, `constexpr int W = 2 * B;`, expressions of them, one in an
// inner block). The gradients and pushforwards of the launched kernels are explicit
// specializations at namespace scope, where the locals do not exist: their template
// arguments are the constants' values (`scale_sq_grad_0_1<32>`).
#include <cuda_runtime.h>

template <int BLOCK>
__global__ void scale_sq(const double* u, double* v, int n) {
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) v[i] = u[i] * u[i];
}

// A block of WIDTH threads, each adding STRIDE-apart neighbours with a weight.
template <int WIDTH, int STRIDE>
__global__ void blend(const double* v, double* out, int n) {
  const int i = blockIdx.x * WIDTH + threadIdx.x;
  if (i < n) out[i] = v[i] + 0.25 * v[(i + STRIDE) % n];
}

void run(const double* u0, double* out, int n) {
  const int B = 32;
  constexpr int W = 2 * B;
  double *d_u, *d_v, *d_o;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_v, n * sizeof(double));
  cudaMalloc(&d_o, n * sizeof(double));
  cudaMemcpy(d_u, u0, n * sizeof(double), cudaMemcpyHostToDevice);
  scale_sq<B><<<(n + B - 1) / B, B>>>(d_u, d_v, n);
  {
    // an inner block's constant, of the outer ones
    const int S = B / 8 - 1;
    blend<W, S + 1><<<(n + W - 1) / W, W>>>(d_v, d_o, n);
  }
  cudaMemcpy(out, d_o, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_v);
  cudaFree(d_o);
}
