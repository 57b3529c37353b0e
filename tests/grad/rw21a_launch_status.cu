// cuad: --fn run_brusselator --wrt u0,v0,rates,u_out
// A 1-D Brusselator reaction-diffusion model in the style of codes that wrap every launch in
// a `static cudaError_t launch_xxx(...)` helper returning cudaGetLastError(), checked by the
// caller through CUDA_CHECK like any runtime call. Two species, operator splitting per step
// (reaction kernel in place, then a diffusion kernel into a second buffer, swapped back),
// rates {A, B} and diffusivities come from a small host array.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <utility>

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t e = (call);                                                     \
    if (e != cudaSuccess) {                                                     \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e),        \
              __FILE__, __LINE__);                                              \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

constexpr int kThreads = 64;

__global__ void react(double* __restrict__ u, double* __restrict__ v, double A, double B,
                      double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double ui = u[i], vi = v[i];
  const double uuv = ui * ui * vi;
  u[i] = ui + dt * (A - (B + 1.0) * ui + uuv);
  v[i] = vi + dt * (B * ui - uuv);
}

__global__ void diffuse(const double* __restrict__ c, double* __restrict__ c_new, double D,
                        double dt_dx2, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double l = c[i == 0 ? 1 : i - 1];            // reflecting ends
  const double r = c[i == n - 1 ? n - 2 : i + 1];
  c_new[i] = c[i] + D * dt_dx2 * (l - 2.0 * c[i] + r);
}

static cudaError_t launch_react(double* u, double* v, double A, double B, double dt, int n) {
  react<<<(n + kThreads - 1) / kThreads, kThreads>>>(u, v, A, B, dt, n);
  return cudaGetLastError();
}

static cudaError_t launch_diffuse(const double* c, double* c_new, double D, double dt_dx2,
                                  int n) {
  diffuse<<<(n + kThreads - 1) / kThreads, kThreads>>>(c, c_new, D, dt_dx2, n);
  return cudaGetLastError();
}

// rates = {A, B, Du, Dv}
void run_brusselator(const double* u0, const double* v0, const double* rates, double* u_out,
                     int n, int nsteps, double dt) {
  if (n < 2) return;
  const double dx = 1.0 / n;
  const double dt_dx2 = dt / (dx * dx);
  const size_t bytes = n * sizeof(double);
  double *d_u, *d_v, *d_tmp;
  CUDA_CHECK(cudaMalloc(&d_u, bytes));
  CUDA_CHECK(cudaMalloc(&d_v, bytes));
  CUDA_CHECK(cudaMalloc(&d_tmp, bytes));
  CUDA_CHECK(cudaMemcpy(d_u, u0, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_v, v0, bytes, cudaMemcpyHostToDevice));
  for (int s = 0; s < nsteps; ++s) {
    CUDA_CHECK(launch_react(d_u, d_v, rates[0], rates[1], dt, n));
    CUDA_CHECK(launch_diffuse(d_u, d_tmp, rates[2], dt_dx2, n));
    std::swap(d_u, d_tmp);
    CUDA_CHECK(launch_diffuse(d_v, d_tmp, rates[3], dt_dx2, n));
    std::swap(d_v, d_tmp);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(u_out, d_u, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_u));
  CUDA_CHECK(cudaFree(d_v));
  CUDA_CHECK(cudaFree(d_tmp));
}
