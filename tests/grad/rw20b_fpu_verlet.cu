// cuad: --fn fpu_verlet --wrt q,v,acc,tens,mass,alpha,dt
// Velocity Verlet for a Fermi-Pasta-Ulam-Tsingou alpha chain with fixed walls, integrated in
// place on the caller's buffers: displacements `q`, velocities `v`, accelerations `acc` and
// bond tensions `tens` (n + 1 bonds; bond b joins particle b - 1 and particle b, the walls
// sit at -1 and n). The tension kernel writes the interior bonds at `tens[i + 1]` under
// `if (i < n - 1)` and thread 0 the two wall bonds; the acceleration kernel takes the
// tension difference over the particle's mass. Half kick + drift, forces, half kick.
#include <cuda_runtime.h>

__global__ void bond_tension(const double* __restrict__ q, double* __restrict__ tens,
                             double alpha, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1) {
    const double s = q[i + 1] - q[i];
    tens[i + 1] = s + alpha * s * s;
  }
  if (i == 0) {
    const double s0 = q[0];
    const double sn = -q[n - 1];
    tens[0] = s0 + alpha * s0 * s0;
    tens[n] = sn + alpha * sn * sn;
  }
}

__global__ void acceleration(const double* __restrict__ tens, const double* __restrict__ mass,
                             double* __restrict__ acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  acc[i] = (tens[i + 1] - tens[i]) / mass[i];
}

__global__ void half_kick_drift(double* q, double* v, const double* acc, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  v[i] += 0.5 * dt * acc[i];
  q[i] += dt * v[i];
}

__global__ void half_kick(double* v, const double* acc, double dt, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    v[i] += 0.5 * dt * acc[i];
}

static void forces(const double* q, double* tens, double* acc, const double* mass,
                   double alpha, int n) {
  const int threads = 64, blocks = (n + threads - 1) / threads;
  bond_tension<<<blocks, threads>>>(q, tens, alpha, n);
  acceleration<<<blocks, threads>>>(tens, mass, acc, n);
}

void fpu_verlet(double* q, double* v, double* acc, double* tens, const double* mass,
                double alpha, double dt, int n, int steps) {
  const int threads = 64, blocks = (n + threads - 1) / threads;
  forces(q, tens, acc, mass, alpha, n);
  for (int s = 0; s < steps; ++s) {
    half_kick_drift<<<blocks, threads>>>(q, v, acc, dt, n);
    forces(q, tens, acc, mass, alpha, n);
    half_kick<<<2, 32>>>(v, acc, dt, n);
  }
}
