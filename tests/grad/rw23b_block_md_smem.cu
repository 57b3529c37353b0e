// cuad: --fn block_md<32> --wrt x0,v0,eps,sigma,x_out,v_out,epot
// A "persistent" single-block MD kernel for a small 2-D Lennard-Jones cluster: the whole
// trajectory runs inside one launch. Positions live in shared memory, velocities and forces in
// registers; each velocity-Verlet step computes the new position of the thread's atom, waits
// for everyone to finish reading the old ones, publishes it, waits again, then every thread
// recomputes its force from all positions (a __device__ helper reading the shared arrays
// through pointers). The potential energy of the final configuration is accumulated with
// atomicAdd. Threads past n take part in every barrier but own no atom.
#include <cuda_runtime.h>

__device__ void lj_force_all(int i, int n, const double* sx, const double* sy, double eps, double sigma,
                             double& fx, double& fy, double& e) {
  fx = 0.0;
  fy = 0.0;
  e = 0.0;
  const double s2 = sigma * sigma;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    const double dx = sx[i] - sx[j], dy = sy[i] - sy[j];
    const double r2 = dx * dx + dy * dy;
    const double sr2 = s2 / r2;
    const double sr6 = sr2 * sr2 * sr2;
    const double f = 24.0 * eps * sr6 * (2.0 * sr6 - 1.0) / r2;
    fx += f * dx;
    fy += f * dy;
    e += 4.0 * eps * sr6 * (sr6 - 1.0);
  }
}

template <int NMAX>
__global__ void block_md(const double* __restrict__ x0, const double* __restrict__ v0, int n, double eps,
                         double sigma, double dt, int steps, double* __restrict__ x_out,
                         double* __restrict__ v_out, double* __restrict__ epot) {
  __shared__ double sx[NMAX], sy[NMAX];
  const int i = threadIdx.x;
  const bool mine = i < n;
  double vx = 0.0, vy = 0.0, fx = 0.0, fy = 0.0, e = 0.0;
  if (mine) {
    sx[i] = x0[2 * i];
    sy[i] = x0[2 * i + 1];
    vx = v0[2 * i];
    vy = v0[2 * i + 1];
  }
  __syncthreads();
  if (mine) lj_force_all(i, n, sx, sy, eps, sigma, fx, fy, e);
  for (int s = 0; s < steps; ++s) {
    double nx = 0.0, ny = 0.0;
    if (mine) {
      vx += 0.5 * dt * fx;
      vy += 0.5 * dt * fy;
      nx = sx[i] + dt * vx;
      ny = sy[i] + dt * vy;
    }
    __syncthreads();
    if (mine) {
      sx[i] = nx;
      sy[i] = ny;
    }
    __syncthreads();
    if (mine) {
      lj_force_all(i, n, sx, sy, eps, sigma, fx, fy, e);
      vx += 0.5 * dt * fx;
      vy += 0.5 * dt * fy;
    }
  }
  if (mine) {
    x_out[2 * i] = sx[i];
    x_out[2 * i + 1] = sy[i];
    v_out[2 * i] = vx;
    v_out[2 * i + 1] = vy;
    atomicAdd(epot, 0.5 * e);
  }
}
