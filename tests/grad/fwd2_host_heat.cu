// cuad: fwd --fn heat_run
// cuad: fwd --fn run
// A host driver in float: cudaMalloc, cudaMemcpy, cudaMemset, a time loop of two kernel
// launches with a pointer swap, and a final reduction kernel with atomicAdd.
// 2: a value-returning host function in double with an early return, a grid-stride kernel
// updating in place, device-to-device copies in a loop and a host loop over the copied-back
// result.
#include <cuda_runtime.h>
__global__ void heat_step(int n, const float* u, float* v, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float l = i > 0 ? u[i - 1] : u[i];
  float r = i < n - 1 ? u[i + 1] : u[i];
  v[i] = u[i] + k * (l - 2.f * u[i] + r) - 0.01f * u[i] * u[i] * u[i];
}
__global__ void energy(int n, const float* u, float* e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(e, 0.5f * u[i] * u[i]);
}
void heat_run(int n, int steps, const float* u0, float k, float* u_out, float* e_out) {
  float *a, *b, *e;
  size_t bytes = n * sizeof(float);
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&e, sizeof(float));
  cudaMemcpy(a, u0, bytes, cudaMemcpyHostToDevice);
  cudaMemset(b, 0, bytes);
  cudaMemset(e, 0, sizeof(float));
  int blocks = (n + 31) / 32;
  for (int s = 0; s < steps; ++s) {
    heat_step<<<blocks, 32>>>(n, a, b, k);
    float* t = a;
    a = b;
    b = t;
  }
  energy<<<blocks, 32>>>(n, a, e);
  cudaMemcpy(u_out, a, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(e_out, e, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
  cudaFree(e);
}

__global__ void scale(int n, double* v, double a) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v[i] *= a;
}
__global__ void square_into(int n, const double* u, double* w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) w[i] = u[i] * u[i] + 1.0;
}
double run(int n, const double* x, double a, double* y) {
  if (n <= 0) return 0.0;
  double *d_u, *d_w;
  cudaMalloc((void**)&d_u, n * sizeof(double));
  cudaMalloc((void**)&d_w, n * sizeof(double));
  cudaMemcpy(d_u, x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int it = 0; it < 2; ++it) {
    scale<<<2, 32>>>(n, d_u, a);
    square_into<<<(n + 31) / 32, 32>>>(n, d_u, d_w);
    cudaMemcpy(d_u, d_w, n * sizeof(double), cudaMemcpyDeviceToDevice);
  }
  cudaDeviceSynchronize();
  cudaMemcpy(y, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += y[i] * (i + 1);
  cudaFree(d_u);
  cudaFree(d_w);
  return total / n;
}
