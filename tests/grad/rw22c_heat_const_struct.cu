// cuad: --fn heat_solve --wrt T0,alpha,T_left,T_right,T_out
// 1-D heat/reaction solver in the style of a course project: the physical parameters are
// packed on the host into a `HeatParams` struct (doubles and an int) and uploaded once with
// cudaMemcpyToSymbol into a `__constant__` struct the kernels read; the initial field goes
// through a std::vector staging buffer and cudaMemcpyDefault; ping-pong buffers are swapped
// with std::swap; every launch is followed by a CHECK(cudaGetLastError()); timing events are
// created, recorded and destroyed around the loop; cudaDeviceSynchronize before the copy back.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#define CHECK(call)                                                                 \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "CUDA error: %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, \
              __LINE__);                                                            \
      exit(EXIT_FAILURE);                                                           \
    }                                                                               \
  } while (0)

struct HeatParams {
  double r;       // alpha * dt / h^2
  double dt;      // time step
  double left;    // Dirichlet values at both ends
  double right;
  double react;   // reaction rate of u (1 - u^2)
  int n;
};

__constant__ HeatParams c_p;

__global__ void heat_step(const double* __restrict__ u, double* __restrict__ v) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= c_p.n) return;
  const double uc = u[i];
  const double ul = (i > 0) ? u[i - 1] : c_p.left;
  const double ur = (i < c_p.n - 1) ? u[i + 1] : c_p.right;
  v[i] = uc + c_p.r * (ul - 2.0 * uc + ur) + c_p.dt * c_p.react * uc * (1.0 - uc * uc);
}

void heat_solve(const double* T0, double alpha, double T_left, double T_right, double* T_out,
                int n, int steps) {
  const int threads = 32;
  const int blocks = (n + threads - 1) / threads;
  const double h = 1.0 / (n + 1);

  HeatParams p;
  p.dt = 0.35 * h * h;  // stable for alpha < 1.4
  p.r = alpha * p.dt / (h * h);
  p.left = T_left;
  p.right = T_right;
  p.react = 40.0;
  p.n = n;
  CHECK(cudaMemcpyToSymbol(c_p, &p, sizeof(HeatParams)));

  std::vector<double> staging(T0, T0 + n);
  double* d_u = nullptr;
  double* d_v = nullptr;
  CHECK(cudaMalloc(&d_u, n * sizeof(double)));
  CHECK(cudaMalloc(&d_v, n * sizeof(double)));
  CHECK(cudaMemcpy(d_u, staging.data(), n * sizeof(double), cudaMemcpyDefault));

  cudaEvent_t t0, t1;
  CHECK(cudaEventCreate(&t0));
  CHECK(cudaEventCreate(&t1));
  CHECK(cudaEventRecord(t0));
  for (int s = 0; s < steps; ++s) {
    heat_step<<<blocks, threads>>>(d_u, d_v);
    CHECK(cudaGetLastError());
    std::swap(d_u, d_v);
  }
  CHECK(cudaEventRecord(t1));
  CHECK(cudaDeviceSynchronize());
  float ms = 0.0f;
  CHECK(cudaEventElapsedTime(&ms, t0, t1));
  printf("heat: %d steps, n=%d, %.3f ms\n", steps, n, ms);
  CHECK(cudaEventDestroy(t0));
  CHECK(cudaEventDestroy(t1));

  CHECK(cudaMemcpy(staging.data(), d_u, n * sizeof(double), cudaMemcpyDefault));
  for (int i = 0; i < n; ++i) T_out[i] = staging[i];
  CHECK(cudaFree(d_u));
  CHECK(cudaFree(d_v));
}
