// cuad: --fn burgers_fv --wrt u0,nu,u_out
// A finite-volume solver for viscous Burgers on a periodic 1-D grid: a face kernel computes
// the local Lax-Friedrichs (Rusanov) flux plus a viscous flux, a cell kernel applies the flux
// difference. The time step is chosen on the host every step from the CFL condition: the
// state is copied back into a std::vector staging buffer and the host takes
// std::max of |u|. Error checks via macro, ping-pong buffers with std::swap.
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "CUDA error %d (%s) at line %d\n", (int)e,              \
              cudaGetErrorString(e), __LINE__);                                \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

constexpr int kBlock = 64;
constexpr double kCfl = 0.4;

__device__ __forceinline__ double phys_flux(double u) { return 0.5 * u * u; }

// Face f sits between cell f-1 and cell f (periodic).
__global__ void face_flux(const double* __restrict__ u, double* __restrict__ F, double nu,
                          double inv_dx, int n) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= n) return;
  const double uL = u[(f - 1 + n) % n];
  const double uR = u[f];
  const double a = fmax(fabs(uL), fabs(uR));
  const double convective = 0.5 * (phys_flux(uL) + phys_flux(uR)) - 0.5 * a * (uR - uL);
  const double viscous = -nu * (uR - uL) * inv_dx;
  F[f] = convective + viscous;
}

__global__ void update_cells(const double* __restrict__ u, const double* __restrict__ F,
                             double* __restrict__ u_new, double dt_dx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int right = (i + 1 == n) ? 0 : i + 1;
  u_new[i] = u[i] - dt_dx * (F[right] - F[i]);
}

void burgers_fv(const double* u0, double nu, double* u_out, int n, int nsteps, double length) {
  if (n <= 0) return;
  const double dx = length / n;
  const size_t bytes = n * sizeof(double);
  double *d_u, *d_un, *d_F;
  CUDA_CHECK(cudaMalloc(&d_u, bytes));
  CUDA_CHECK(cudaMalloc(&d_un, bytes));
  CUDA_CHECK(cudaMalloc(&d_F, bytes));
  CUDA_CHECK(cudaMemcpy(d_u, u0, bytes, cudaMemcpyHostToDevice));

  std::vector<double> h_u(n);
  const int grid = (n + kBlock - 1) / kBlock;
  double t = 0.0;
  for (int step = 0; step < nsteps; ++step) {
    CUDA_CHECK(cudaMemcpy(h_u.data(), d_u, bytes, cudaMemcpyDeviceToHost));
    double umax = 1e-12;
    for (int i = 0; i < n; ++i) umax = std::max(umax, std::fabs(h_u[i]));
    const double dt_adv = kCfl * dx / umax;
    const double dt_visc = 0.25 * dx * dx / nu;
    const double dt = std::min(dt_adv, dt_visc);

    face_flux<<<grid, kBlock>>>(d_u, d_F, nu, 1.0 / dx, n);
    CUDA_CHECK(cudaGetLastError());
    update_cells<<<grid, kBlock>>>(d_u, d_F, d_un, dt / dx, n);
    CUDA_CHECK(cudaGetLastError());
    std::swap(d_u, d_un);
    t += dt;
  }
  printf("burgers: t_end = %.5f after %d steps\n", t, nsteps);
  CUDA_CHECK(cudaMemcpy(u_out, d_u, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_u));
  CUDA_CHECK(cudaFree(d_un));
  CUDA_CHECK(cudaFree(d_F));
}
