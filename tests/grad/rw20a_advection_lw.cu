// cuad: --fn advect_run --wrt q0,c,qT
// Periodic 1-D advection with the Lax-Wendroff scheme, as a small solver code organizes it:
// the host allocates the buffers, packs them with the velocity and the time step into a
// struct by aggregate initialization (`Advection s{d_q, d_qn, d_flux, c, dt, n};`), and a
// helper `advance(Advection&)` calls two launch helpers that take the struct by const
// reference (`compute_fluxes`, `apply_fluxes`) before swapping the state buffers. The
// face fluxes are scratch that only the kernels write; `release(Advection&)` frees them.
#include <cuda_runtime.h>
#include <utility>

struct Advection {
  double* q;
  double* q_next;
  double* flux;
  double c;
  double dt;
  int n;
};

// F_{i+1/2} = c (q_i + q_{i+1}) / 2 - c^2 dt (q_{i+1} - q_i) / 2, unit cell width, plus a
// weak nonlinear (Burgers-like) part so the state enters the fluxes quadratically.
__global__ void lw_fluxes(const double* q, double* flux, double c, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const int ip = (i + 1) % n;
    const double avg = 0.5 * (q[i] + q[ip]);
    flux[i] = c * avg - 0.5 * c * c * dt * (q[ip] - q[i]) + 0.05 * avg * avg;
  }
}

__global__ void lw_update(const double* q, const double* flux, double* q_next, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const int im = (i + n - 1) % n;
    q_next[i] = q[i] - dt * (flux[i] - flux[im]);
  }
}

static void compute_fluxes(const Advection& s) {
  const int threads = 64;
  lw_fluxes<<<(s.n + threads - 1) / threads, threads>>>(s.q, s.flux, s.c, s.dt, s.n);
}

static void apply_fluxes(const Advection& s) {
  const int threads = 64;
  lw_update<<<(s.n + threads - 1) / threads, threads>>>(s.q, s.flux, s.q_next, s.dt, s.n);
}

static void advance(Advection& s) {
  compute_fluxes(s);
  apply_fluxes(s);
  std::swap(s.q, s.q_next);
}

static void release(Advection& s) {
  cudaFree(s.q);
  cudaFree(s.q_next);
  cudaFree(s.flux);
}

void advect_run(const double* q0, double* qT, double c, int n, int steps) {
  double *d_q, *d_qn, *d_flux;
  cudaMalloc(&d_q, n * sizeof(double));
  cudaMalloc(&d_qn, n * sizeof(double));
  cudaMalloc(&d_flux, n * sizeof(double));
  cudaMemset(d_flux, 0, n * sizeof(double));
  cudaMemcpy(d_q, q0, n * sizeof(double), cudaMemcpyHostToDevice);
  const double dt = 0.4;
  Advection s{d_q, d_qn, d_flux, c, dt, n};
  for (int t = 0; t < steps; ++t) advance(s);
  cudaMemcpy(qT, s.q, n * sizeof(double), cudaMemcpyDeviceToHost);
  release(s);
}
