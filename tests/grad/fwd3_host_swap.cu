// cuad: fwd --fn simulate
// A host function returning a double: several kernels, H2D / D2D / D2H copies, cudaMemset,
// std::swap of device pointers in a time loop, a reduction kernel with atomicAdd, a copy
// back and a host-side reduction of the copied-back result, and a host-side scalar loop.
#include <cuda_runtime.h>
#include <utility>
__global__ void advect(int n, const double* u, double* v, double dt, const double* vel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int l = (i + n - 1) % n;
    double a = vel[i];
    v[i] = u[i] - dt * a * (u[i] - u[l]) + 0.05 * dt * sin(u[i]);
  }
}
__global__ void damp(int n, double* u, double g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] = u[i] / (1.0 + g * u[i] * u[i]);
}
__global__ void total(int n, const double* u, double* s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(s, u[i] * u[i]);
}
double simulate(int n, int steps, const double* u0, const double* vel, double dt, double g, double* u_final) {
  double *a, *b, *v, *s, *keep;
  size_t bytes = n * sizeof(double);
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&v, bytes);
  cudaMalloc(&keep, bytes);
  cudaMalloc(&s, sizeof(double));
  cudaMemcpy(a, u0, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(v, vel, bytes, cudaMemcpyHostToDevice);
  cudaMemset(s, 0, sizeof(double));
  int blocks = (n + 63) / 64;
  double scale = 1.0;
  for (int t = 0; t < steps; ++t) {
    advect<<<blocks, 64>>>(n, a, b, dt * scale, v);
    std::swap(a, b);
    if (t % 2 == 1) damp<<<blocks, 64>>>(n, a, g);
    scale = scale * 0.9 + g * 0.1;
  }
  cudaMemcpy(keep, a, bytes, cudaMemcpyDeviceToDevice);
  total<<<blocks, 64>>>(n, keep, s);
  double h_s = 0.0;
  cudaMemcpy(&h_s, s, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(u_final, keep, bytes, cudaMemcpyDeviceToHost);
  double m = 0.0;
  for (int i = 0; i < n; ++i) m += u_final[i] * (i % 3 == 0 ? 2.0 : 1.0);
  cudaFree(a);
  cudaFree(b);
  cudaFree(v);
  cudaFree(s);
  cudaFree(keep);
  return sqrt(h_s) + m / n;
}
