// cuad: --fn allen_cahn --wrt phi0,eps2,phi_out
// A 1-D Allen-Cahn phase-field solver written C-style: the per-step work is a host helper
// `static int advance(...)` that launches the Laplacian and the reaction update kernels and
// returns a nonzero status when a launch failed; the driver loop checks it
// (`if (advance(...) != 0) { fprintf(...); break; }`), swaps the ping-pong buffers, and prints
// the phase fraction every few steps from a host copy.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

constexpr int kBlock = 64;

__global__ void laplacian(const double* __restrict__ phi, double* __restrict__ lap,
                          double inv_dx2, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double l = phi[(i + n - 1) % n];  // periodic
  const double r = phi[(i + 1) % n];
  lap[i] = (l - 2.0 * phi[i] + r) * inv_dx2;
}

__global__ void reaction(const double* __restrict__ phi, const double* __restrict__ lap,
                         double* __restrict__ phi_new, double eps2, double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double p = phi[i];
  phi_new[i] = p + dt * (eps2 * lap[i] - (p * p * p - p));
}

static int advance(const double* d_phi, double* d_lap, double* d_next, double eps2, double dt,
                   double inv_dx2, int n) {
  const int grid = (n + kBlock - 1) / kBlock;
  laplacian<<<grid, kBlock>>>(d_phi, d_lap, inv_dx2, n);
  reaction<<<grid, kBlock>>>(d_phi, d_lap, d_next, eps2, dt, n);
  const cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    fprintf(stderr, "advance: %s\n", cudaGetErrorString(err));
    return 1;
  }
  return 0;
}

void allen_cahn(const double* phi0, double eps2, double* phi_out, int n, int nsteps, double dt) {
  if (n <= 2) return;
  const double dx = 1.0 / n;
  const size_t bytes = n * sizeof(double);
  double *d_phi, *d_next, *d_lap;
  cudaMalloc(&d_phi, bytes);
  cudaMalloc(&d_next, bytes);
  cudaMalloc(&d_lap, bytes);
  cudaMemcpy(d_phi, phi0, bytes, cudaMemcpyHostToDevice);
  std::vector<double> h(n);
  for (int s = 0; s < nsteps; ++s) {
    if (advance(d_phi, d_lap, d_next, eps2, dt, 1.0 / (dx * dx), n) != 0) {
      fprintf(stderr, "allen_cahn: aborting at step %d\n", s);
      break;
    }
    std::swap(d_phi, d_next);
    if (s % 5 == 0) {
      cudaMemcpy(h.data(), d_phi, bytes, cudaMemcpyDeviceToHost);
      int positive = 0;
      for (int i = 0; i < n; ++i) positive += h[i] > 0.0;
      printf("step %d: phase fraction %.3f\n", s, (double)positive / n);
    }
  }
  cudaMemcpy(phi_out, d_phi, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_phi);
  cudaFree(d_next);
  cudaFree(d_lap);
}
