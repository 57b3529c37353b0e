// cuad: --fn staggered_swe<16> --wrt h0,u0,g,drag,h_out,u_out
// An ensemble of small 1-D shallow-water channels on a staggered (Arakawa C) grid, one channel
// per thread block kept entirely in shared memory: depths at the N cell centres, velocities at
// the N + 1 faces (closed walls: u = 0 at both ends), forward-backward time stepping with
// __syncthreads between the continuity and the momentum half steps, the face depth upwinded by
// the sign of the face velocity, and a quadratic bottom drag divided by the face depth. The
// whole time loop runs inside the kernel, so every step overwrites the shared state.
#include <cuda_runtime.h>

template <int N>
__global__ void staggered_swe(const double* __restrict__ h0, const double* __restrict__ u0,
                              double* __restrict__ h_out, double* __restrict__ u_out, double g,
                              double drag, double dt, double dx, int nsteps) {
  __shared__ double h[N];
  __shared__ double u[N + 1];
  __shared__ double flux[N + 1];
  const int t = threadIdx.x;  // blockDim.x == N
  const int hb = blockIdx.x * N, ub = blockIdx.x * (N + 1);
  h[t] = h0[hb + t];
  u[t] = (t == 0) ? 0.0 : u0[ub + t];
  if (t == 0) u[N] = 0.0;
  __syncthreads();
  const double r = dt / dx;
  for (int s = 0; s < nsteps; ++s) {
    // mass flux through face t (interior faces 1..N-1), walls carry none
    if (t > 0) {
      const double hf = u[t] > 0.0 ? h[t - 1] : h[t];
      flux[t] = u[t] * hf;
    } else {
      flux[0] = 0.0;
      flux[N] = 0.0;
    }
    __syncthreads();
    h[t] -= r * (flux[t + 1] - flux[t]);
    __syncthreads();
    double un = 0.0;
    if (t > 0) {
      const double hface = 0.5 * (h[t] + h[t - 1]);
      un = u[t] - g * r * (h[t] - h[t - 1]) - dt * drag * u[t] * fabs(u[t]) / hface;
    }
    __syncthreads();
    if (t > 0) u[t] = un;
    __syncthreads();
  }
  h_out[hb + t] = h[t];
  u_out[ub + t] = u[t];
  if (t == N - 1) u_out[ub + N] = u[N];
}
