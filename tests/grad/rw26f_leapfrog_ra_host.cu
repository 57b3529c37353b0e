// cuad: --fn run_leapfrog --wrt q0,u,kdiff,ra_nu,snapshots
// cuad: fwd --fn run_leapfrog --wrt q0,u,kdiff,ra_nu,snapshots
// Three-time-level leapfrog integration of 1-D periodic advection-diffusion, as in a classic
// spectral/grid-point atmospheric model: the first step is a forward (Euler) step, then
// q^{n+1} = q^{n-1} + 2 dt F(q^n), with the diffusion lagged at time level n-1 for
// stability, followed by a Robert-Asselin filter that updates the middle level in place
// (q^n += nu (q^{n-1} - 2 q^n + q^{n+1})). The three device buffers rotate through pointer
// assignments each step; every `nout` steps the current state is copied to the host
// snapshot array at an offset.
#include <cuda_runtime.h>

#define NXP 48

struct AdvParams {
  double dt, dx;
};

__device__ __forceinline__ int per(int i) { return (i + NXP) % NXP; }

__device__ double tendency(const double* q, const double* u, int i, double dx) {
  // centred advective flux divergence, u on faces (face i between i-1 and i)
  const double fe = u[per(i + 1)] * 0.5 * (q[i] + q[per(i + 1)]);
  const double fw = u[i] * 0.5 * (q[per(i - 1)] + q[i]);
  return -(fe - fw) / dx;
}

__global__ void euler_step(const double* __restrict__ q, const double* __restrict__ u,
                           double kdiff, AdvParams p, double* __restrict__ qn) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= NXP) return;
  const double lap = (q[per(i - 1)] - 2.0 * q[i] + q[per(i + 1)]) / (p.dx * p.dx);
  qn[i] = q[i] + p.dt * (tendency(q, u, i, p.dx) + kdiff * lap);
}

__global__ void leapfrog_step(const double* __restrict__ qm, const double* __restrict__ q,
                              const double* __restrict__ u, double kdiff, AdvParams p,
                              double* __restrict__ qp) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= NXP) return;
  const double lap_m = (qm[per(i - 1)] - 2.0 * qm[i] + qm[per(i + 1)]) / (p.dx * p.dx);
  qp[i] = qm[i] + 2.0 * p.dt * (tendency(q, u, i, p.dx) + kdiff * lap_m);
}

__global__ void asselin(const double* __restrict__ qm, double* q, const double* __restrict__ qp,
                        double nu) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= NXP) return;
  q[i] += nu * (qm[i] - 2.0 * q[i] + qp[i]);
}

void run_leapfrog(const double* q0, const double* u, double kdiff, double ra_nu, AdvParams p,
                  int nsteps, int nout, double* snapshots) {
  const size_t bytes = NXP * sizeof(double);
  double *prev, *cur, *next, *d_u;
  cudaMalloc(&prev, bytes);
  cudaMalloc(&cur, bytes);
  cudaMalloc(&next, bytes);
  cudaMalloc(&d_u, bytes);
  cudaMemcpy(prev, q0, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_u, u, bytes, cudaMemcpyHostToDevice);
  const int blocks = (NXP + 31) / 32;
  euler_step<<<blocks, 32>>>(prev, d_u, kdiff, p, cur);
  int k = 0;
  for (int s = 1; s < nsteps; ++s) {
    leapfrog_step<<<blocks, 32>>>(prev, cur, d_u, kdiff, p, next);
    asselin<<<blocks, 32>>>(prev, cur, next, ra_nu);
    double* tmp = prev;
    prev = cur;
    cur = next;
    next = tmp;
    if ((s + 1) % nout == 0) {
      cudaMemcpy(snapshots + k * NXP, cur, bytes, cudaMemcpyDeviceToHost);
      ++k;
    }
  }
  cudaFree(prev);
  cudaFree(cur);
  cudaFree(next);
  cudaFree(d_u);
}
