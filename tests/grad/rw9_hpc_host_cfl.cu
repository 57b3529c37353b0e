// cuad: --fn burgers_cfl --wrt u,nu
// Host time stepping with an adaptive CFL time step: a shared-memory block max-reduction of
// |u| (fmax tree with a barrier per level) writes one partial per block, the host copies the
// partials back, finishes the max with std::max and computes dt; an upwind Burgers step with
// viscosity (branch on the sign of the face velocity) then uses dt; device pointers swapped.
#include <algorithm>
#include <vector>
#define TPB 64

__global__ void block_absmax(double* partial, const double* u, int n) {
  __shared__ double sm[TPB];
  const int i = blockIdx.x * TPB + threadIdx.x;
  sm[threadIdx.x] = (i < n) ? fabs(u[i]) : 0.0;
  __syncthreads();
  for (int s = TPB / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sm[threadIdx.x] = fmax(sm[threadIdx.x], sm[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = sm[0];
}

__global__ void upwind_step(double* un, const double* u, double nu, double dt, double dx, int n) {
  const int i = blockIdx.x * TPB + threadIdx.x;
  if (i >= n) return;
  const double ul = u[(i - 1 + n) % n], uc = u[i], ur = u[(i + 1) % n];
  double adv;
  if (uc > 0.0)
    adv = uc * (uc - ul) / dx;
  else
    adv = uc * (ur - uc) / dx;
  un[i] = uc - dt * adv + dt * nu * (ul - 2.0 * uc + ur) / (dx * dx);
}

void burgers_cfl(double* u, double nu, double cfl, double dx, int n, int steps) {
  const int blocks = (n + TPB - 1) / TPB;
  double *d_u, *d_un, *d_part;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_un, n * sizeof(double));
  cudaMalloc(&d_part, blocks * sizeof(double));
  cudaMemcpy(d_u, u, n * sizeof(double), cudaMemcpyHostToDevice);
  std::vector<double> part(blocks);
  for (int s = 0; s < steps; ++s) {
    block_absmax<<<blocks, TPB>>>(d_part, d_u, n);
    cudaMemcpy(part.data(), d_part, blocks * sizeof(double), cudaMemcpyDeviceToHost);
    double umax = 0.0;
    for (int b = 0; b < blocks; ++b) umax = std::max(umax, part[b]);
    const double dt = cfl * dx / (umax + 2.0 * nu / dx);
    upwind_step<<<blocks, TPB>>>(d_un, d_u, nu, dt, dx, n);
    std::swap(d_u, d_un);
  }
  cudaMemcpy(u, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_un);
  cudaFree(d_part);
}
