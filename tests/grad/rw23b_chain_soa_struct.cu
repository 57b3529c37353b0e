// cuad: --fn chain_relax --wrt dev,prm
// cuad: --fn angle_forces --wrt c,prm
// cuad: fwd --fn chain_relax --wrt dev,prm
// Damped dynamics (a poor man's structure relaxation) of a semi-flexible bead chain, with the
// particle data in a struct of device arrays (SoA) that the caller allocates and the host
// function receives by reference; kernels take the struct by value. Per step: clear forces,
// harmonic bonds (one thread per bond) and bending angles U = k (theta - theta0)^2 through
// acos (one thread per inner bead), both scattering forces and energy with atomicAdd, then
// the damped update. Parameters in a second struct (const&). Returns the energy of the last
// force evaluation, copied from the struct's energy slot.
#include <cuda_runtime.h>
#include <cmath>

struct ChainSoA {
  double *x, *y, *z;
  double *vx, *vy, *vz;
  double *fx, *fy, *fz;
  double* e;
  int n;
};

struct ChainParams {
  double k_bond, r0;
  double k_angle, theta0;
  double damping, dt;
};

__global__ void clear_forces(ChainSoA c) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= c.n) return;
  c.fx[i] = 0.0;
  c.fy[i] = 0.0;
  c.fz[i] = 0.0;
}

__global__ void bond_forces(ChainSoA c, ChainParams prm) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= c.n - 1) return;
  const double dx = c.x[b + 1] - c.x[b], dy = c.y[b + 1] - c.y[b], dz = c.z[b + 1] - c.z[b];
  const double r = sqrt(dx * dx + dy * dy + dz * dz);
  const double s = prm.k_bond * (r - prm.r0) / r;  // pulls b towards b+1 when stretched
  atomicAdd(&c.fx[b], s * dx);
  atomicAdd(&c.fy[b], s * dy);
  atomicAdd(&c.fz[b], s * dz);
  atomicAdd(&c.fx[b + 1], -s * dx);
  atomicAdd(&c.fy[b + 1], -s * dy);
  atomicAdd(&c.fz[b + 1], -s * dz);
  atomicAdd(c.e, 0.5 * prm.k_bond * (r - prm.r0) * (r - prm.r0));
}

__global__ void angle_forces(ChainSoA c, ChainParams prm) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;  // inner beads 1 .. n-2
  if (i >= c.n - 1) return;
  const double a[3] = {c.x[i - 1] - c.x[i], c.y[i - 1] - c.y[i], c.z[i - 1] - c.z[i]};
  const double b[3] = {c.x[i + 1] - c.x[i], c.y[i + 1] - c.y[i], c.z[i + 1] - c.z[i]};
  const double la = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
  const double lb = sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
  const double cs = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (la * lb);
  const double theta = acos(cs);
  const double dU_dc = -2.0 * prm.k_angle * (theta - prm.theta0) / sqrt(1.0 - cs * cs);
  double fa[3], fb[3];
  for (int d = 0; d < 3; ++d) {
    fa[d] = -dU_dc * (b[d] / (la * lb) - cs * a[d] / (la * la));
    fb[d] = -dU_dc * (a[d] / (la * lb) - cs * b[d] / (lb * lb));
  }
  atomicAdd(&c.fx[i - 1], fa[0]);
  atomicAdd(&c.fy[i - 1], fa[1]);
  atomicAdd(&c.fz[i - 1], fa[2]);
  atomicAdd(&c.fx[i + 1], fb[0]);
  atomicAdd(&c.fy[i + 1], fb[1]);
  atomicAdd(&c.fz[i + 1], fb[2]);
  atomicAdd(&c.fx[i], -fa[0] - fb[0]);
  atomicAdd(&c.fy[i], -fa[1] - fb[1]);
  atomicAdd(&c.fz[i], -fa[2] - fb[2]);
  atomicAdd(c.e, prm.k_angle * (theta - prm.theta0) * (theta - prm.theta0));
}

__global__ void damped_update(ChainSoA c, ChainParams prm) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= c.n) return;
  const double keep = 1.0 - prm.damping;
  c.vx[i] = keep * c.vx[i] + prm.dt * c.fx[i];
  c.vy[i] = keep * c.vy[i] + prm.dt * c.fy[i];
  c.vz[i] = keep * c.vz[i] + prm.dt * c.fz[i];
  c.x[i] += prm.dt * c.vx[i];
  c.y[i] += prm.dt * c.vy[i];
  c.z[i] += prm.dt * c.vz[i];
}

double chain_relax(ChainSoA& dev, const ChainParams& prm, int steps) {
  const int T = 32, nb = (dev.n + T - 1) / T;
  for (int s = 0; s < steps; ++s) {
    clear_forces<<<nb, T>>>(dev);
    cudaMemset(dev.e, 0, sizeof(double));
    bond_forces<<<nb, T>>>(dev, prm);
    angle_forces<<<nb, T>>>(dev, prm);
    damped_update<<<nb, T>>>(dev, prm);
  }
  double e = 0.0;
  cudaMemcpy(&e, dev.e, sizeof(double), cudaMemcpyDeviceToHost);
  return e;
}
