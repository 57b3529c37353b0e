// cuad: --fn md_run --wrt p
// A 2-D particle system that the caller owns: positions, velocities and a force scratch
// buffer on the device plus the Lennard-Jones parameters, the cutoff and the time step, all
// in one struct handed to `md_run` by pointer. Each step computes shifted-force LJ pair
// forces inside the cutoff (O(n^2) loop per particle) and a symplectic Euler update in
// place; the force helper takes the struct by const reference. Differentiating with
// respect to `p` gives the adjoints of the initial positions and velocities through the
// pointer fields of the adjoint struct and of eps, sigma, rc and dt through its real fields.
#include <cuda_runtime.h>

struct Particles {
  double* x;
  double* y;
  double* vx;
  double* vy;
  double* fx;
  double* fy;
  double eps;
  double sigma;
  double rc;
  double dt;
  int n;
};

// Shifted-force LJ: F(r) = F_lj(r) - F_lj(rc) for r < rc, zero beyond, continuous at rc.
__device__ double lj_force_over_r(double r2, double eps, double sigma, double rc) {
  const double s2 = sigma * sigma;
  const double ir2 = s2 / r2;
  const double ir6 = ir2 * ir2 * ir2;
  const double f_r = 24.0 * eps * (2.0 * ir6 * ir6 - ir6) / sqrt(r2);
  const double ic2 = s2 / (rc * rc);
  const double ic6 = ic2 * ic2 * ic2;
  const double f_c = 24.0 * eps * (2.0 * ic6 * ic6 - ic6) / rc;
  return (f_r - f_c) / sqrt(r2);
}

__global__ void pair_forces(const double* x, const double* y, double* fx, double* fy,
                            double eps, double sigma, double rc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double ax = 0.0, ay = 0.0;
  const double xi = x[i], yi = y[i];
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    const double dx = xi - x[j];
    const double dy = yi - y[j];
    const double r2 = dx * dx + dy * dy;
    if (r2 < rc * rc) {
      const double s = lj_force_over_r(r2, eps, sigma, rc);
      ax += s * dx;
      ay += s * dy;
    }
  }
  fx[i] = ax;
  fy[i] = ay;
}

__global__ void kick_drift(double* x, double* y, double* vx, double* vy, const double* fx,
                           const double* fy, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    vx[i] += dt * fx[i];
    vy[i] += dt * fy[i];
    x[i] += dt * vx[i];
    y[i] += dt * vy[i];
  }
}

static void compute_forces(const Particles& p) {
  const int threads = 64;
  pair_forces<<<(p.n + threads - 1) / threads, threads>>>(p.x, p.y, p.fx, p.fy, p.eps,
                                                          p.sigma, p.rc, p.n);
}

void md_run(Particles* p, int steps) {
  const int threads = 64;
  const int blocks = (p->n + threads - 1) / threads;
  for (int s = 0; s < steps; ++s) {
    compute_forces(*p);
    kick_drift<<<blocks, threads>>>(p->x, p->y, p->vx, p->vy, p->fx, p->fy, p->dt, p->n);
  }
}
