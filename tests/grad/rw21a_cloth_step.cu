// cuad: --fn cloth::simulate --wrt pos0,stiffness,pos_out
// A mass-spring cloth as in a graphics/physics course project: nodes on an NX x NY grid with
// structural springs to the four neighbours and shear springs to the four diagonals, gravity
// and linear drag; symplectic Euler; the top row is pinned (early return in the integrator).
// Parameters travel to the kernels in a struct by value; positions are xyz-interleaved and
// updated in place, the force buffer is scratch. A 2-D dim3 grid, a CHECK macro,
// cudaDeviceSynchronize every step and a final printf of the lowest point.
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                   \
  do {                                                                                \
    const cudaError_t err = call;                                                     \
    if (err != cudaSuccess) {                                                         \
      fprintf(stderr, "CUDA error in %s (%s:%d): %s\n", #call, __FILE__, __LINE__,     \
              cudaGetErrorString(err));                                               \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

namespace cloth {

struct Params {
  double k_struct;  // structural spring stiffness
  double k_shear;   // shear spring stiffness
  double rest;      // structural rest length (shear: rest * sqrt(2))
  double mass;
  double drag;
  double gravity;
  double dt;
  int nx, ny;
};

__device__ void spring_force(const double* pos, int a, int b, double k, double L0, double* f) {
  const double dx = pos[3 * b + 0] - pos[3 * a + 0];
  const double dy = pos[3 * b + 1] - pos[3 * a + 1];
  const double dz = pos[3 * b + 2] - pos[3 * a + 2];
  const double len = sqrt(dx * dx + dy * dy + dz * dz);
  const double s = k * (len - L0) / len;
  f[0] += s * dx;
  f[1] += s * dy;
  f[2] += s * dz;
}

__global__ void compute_forces(const double* __restrict__ pos, const double* __restrict__ vel,
                               double* __restrict__ force, Params p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= p.nx || j >= p.ny) return;
  const int a = j * p.nx + i;
  double f[3] = {0.0, 0.0, 0.0};
  const double diag = p.rest * 1.4142135623730951;
  for (int dj = -1; dj <= 1; ++dj) {
    for (int di = -1; di <= 1; ++di) {
      if (di == 0 && dj == 0) continue;
      const int ii = i + di, jj = j + dj;
      if (ii < 0 || ii >= p.nx || jj < 0 || jj >= p.ny) continue;
      const bool shear = (di != 0 && dj != 0);
      spring_force(pos, a, jj * p.nx + ii, shear ? p.k_shear : p.k_struct,
                   shear ? diag : p.rest, f);
    }
  }
  force[3 * a + 0] = f[0] - p.drag * vel[3 * a + 0];
  force[3 * a + 1] = f[1] - p.drag * vel[3 * a + 1] - p.mass * p.gravity;
  force[3 * a + 2] = f[2] - p.drag * vel[3 * a + 2];
}

__global__ void integrate(double* __restrict__ pos, double* __restrict__ vel,
                          const double* __restrict__ force, Params p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= p.nx || j >= p.ny) return;
  if (j == p.ny - 1) return;  // top row pinned to the rod
  const int a = j * p.nx + i;
  for (int c = 0; c < 3; ++c) {
    vel[3 * a + c] += p.dt * force[3 * a + c] / p.mass;
    pos[3 * a + c] += p.dt * vel[3 * a + c];
  }
}

void simulate(const double* pos0, double stiffness, double* pos_out, int nx, int ny,
              int nsteps) {
  if (nx <= 1 || ny <= 1) return;
  Params p;
  p.k_struct = stiffness;
  p.k_shear = 0.25 * stiffness;
  p.rest = 1.0 / (nx - 1);
  p.mass = 0.05;
  p.drag = 0.02;
  p.gravity = 9.81;
  p.dt = 2e-3;
  p.nx = nx;
  p.ny = ny;

  const int n = nx * ny;
  const size_t bytes = 3 * (size_t)n * sizeof(double);
  double *d_pos, *d_vel, *d_force;
  CHECK(cudaMalloc(&d_pos, bytes));
  CHECK(cudaMalloc(&d_vel, bytes));
  CHECK(cudaMalloc(&d_force, bytes));
  CHECK(cudaMemcpy(d_pos, pos0, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_vel, 0, bytes));

  const dim3 block(8, 8);
  const dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
  for (int s = 0; s < nsteps; ++s) {
    compute_forces<<<grid, block>>>(d_pos, d_vel, d_force, p);
    integrate<<<grid, block>>>(d_pos, d_vel, d_force, p);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
  }
  CHECK(cudaMemcpy(pos_out, d_pos, bytes, cudaMemcpyDeviceToHost));
  double lowest = pos_out[1];
  for (int a = 1; a < n; ++a) lowest = std::min(lowest, pos_out[3 * a + 1]);
  printf("cloth: lowest node at y = %.5f after %d steps\n", lowest, nsteps);
  CHECK(cudaFree(d_pos));
  CHECK(cudaFree(d_vel));
  CHECK(cudaFree(d_force));
}

}  // namespace cloth
