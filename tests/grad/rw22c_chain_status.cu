// cuad: --fn relax_chain --wrt x0,v0,stiffness,x_out,energy
// A damped mass-spring chain integrated with velocity Verlet, in the style of a library
// routine that reports errors instead of exiting: it returns an int status, validates its
// arguments with early returns, and its CHECK macro `return`s the failing cudaError_t (as an
// int) from the function after printing it. Forces, kick and drift are separate kernels
// (forces computed into a scratch buffer cleared with cudaMemset each step), the total
// energy is computed per node on the device, copied back into a std::vector and summed on
// the host into the `energy` out-parameter; the final positions are copied to `x_out`.
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "relax_chain: %s (line %d)\n", cudaGetErrorString(e_), __LINE__); \
      return (int)e_;                                                                \
    }                                                                                \
  } while (0)

enum { kOk = 0, kBadSize = -1, kBadStep = -2 };

__global__ void spring_forces(const double* __restrict__ x, double* __restrict__ f, double k,
                              double rest, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 1) return;
  // spring between i and i + 1, a cubic hardening term
  const double ext = x[i + 1] - x[i] - rest;
  const double t = k * ext + 0.5 * k * ext * ext * ext;
  atomicAdd(&f[i], t);
  atomicAdd(&f[i + 1], -t);
}

__global__ void kick(double* __restrict__ v, const double* __restrict__ f, double half_dt,
                     double damping, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  v[i] = (v[i] + half_dt * f[i]) * damping;
}

__global__ void drift(double* __restrict__ x, const double* __restrict__ v, double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  x[i] += dt * v[i];
}

__global__ void node_energy(const double* __restrict__ x, const double* __restrict__ v,
                            double* __restrict__ e, double k, double rest, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double pot = 0.0;
  if (i < n - 1) {
    const double ext = x[i + 1] - x[i] - rest;
    pot = 0.5 * k * ext * ext + 0.125 * k * ext * ext * ext * ext;
  }
  e[i] = 0.5 * v[i] * v[i] + pot;
}

int relax_chain(const double* x0, const double* v0, double stiffness, double* x_out,
                double* energy, int n, int steps, double dt) {
  if (n < 2) return kBadSize;
  if (dt <= 0.0 || steps < 0) return kBadStep;
  const int threads = 32;
  const int blocks = (n + threads - 1) / threads;
  const size_t bytes = n * sizeof(double);
  const double rest = 0.5;
  const double damping = 0.98;

  double *d_x = nullptr, *d_v = nullptr, *d_f = nullptr, *d_e = nullptr;
  CHECK(cudaMalloc(&d_x, bytes));
  CHECK(cudaMalloc(&d_v, bytes));
  CHECK(cudaMalloc(&d_f, bytes));
  CHECK(cudaMalloc(&d_e, bytes));
  CHECK(cudaMemcpy(d_x, x0, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_v, v0, bytes, cudaMemcpyHostToDevice));

  CHECK(cudaMemset(d_f, 0, bytes));
  spring_forces<<<blocks, threads>>>(d_x, d_f, stiffness, rest, n);
  CHECK(cudaGetLastError());
  for (int s = 0; s < steps; ++s) {
    kick<<<blocks, threads>>>(d_v, d_f, 0.5 * dt, damping, n);
    CHECK(cudaGetLastError());
    drift<<<blocks, threads>>>(d_x, d_v, dt, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemset(d_f, 0, bytes));
    spring_forces<<<blocks, threads>>>(d_x, d_f, stiffness, rest, n);
    CHECK(cudaGetLastError());
    kick<<<blocks, threads>>>(d_v, d_f, 0.5 * dt, damping, n);
    CHECK(cudaGetLastError());
  }

  node_energy<<<blocks, threads>>>(d_x, d_v, d_e, stiffness, rest, n);
  CHECK(cudaGetLastError());
  std::vector<double> e(n);
  CHECK(cudaMemcpy(e.data(), d_e, bytes, cudaMemcpyDeviceToHost));
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += e[i];
  *energy = total;
  CHECK(cudaMemcpy(x_out, d_x, bytes, cudaMemcpyDeviceToHost));

  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_v));
  CHECK(cudaFree(d_f));
  CHECK(cudaFree(d_e));
  return kOk;
}
