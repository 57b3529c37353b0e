// cuad: --fn fdtd_drude_block<64> --wrt eps_inf,wp,gamma,amp,trace
// cuad: fwd --fn fdtd_drude_block<64> --wrt eps_inf,wp,gamma,amp,trace
// A whole 1-D FDTD simulation of a dispersive (Drude metal) slab inside one thread block, as
// batched inverse-design codes do for short 1-D problems: one block per design, one thread
// per cell, E and H in shared memory, the time loop inside the kernel with __syncthreads
// between the half steps. The Drude polarisation current J is integrated with the auxiliary
// differential equation (ADE) in a register of each thread; first-order Mur absorbing
// boundaries at both ends (threads 0 and N-1 remember their neighbour's previous E); a
// modulated Gaussian soft source; the field at a probe cell is recorded every step.
#include <cuda_runtime.h>

__device__ __forceinline__ double pulse(int t, double t0, double width, double w0) {
  const double a = (t - t0) / width;
  return exp(-a * a) * sin(w0 * t);
}

template <int N>
__global__ void fdtd_drude_block(const double* __restrict__ eps_inf, const double* __restrict__ wp,
                                 double gamma, double amp, int nt, int src, int probe, double dt,
                                 double* __restrict__ trace) {
  __shared__ double s_e[N];
  __shared__ double s_h[N];
  const int i = threadIdx.x;
  const int base = blockIdx.x * N;
  const double courant = 0.5;
  const double mur = (courant - 1.0) / (courant + 1.0);
  const double ce = courant / eps_inf[base + i];
  const double kj = (1.0 - 0.5 * gamma * dt) / (1.0 + 0.5 * gamma * dt);
  const double bj = wp[base + i] * wp[base + i] * dt / (1.0 + 0.5 * gamma * dt);
  double J = 0.0, nb_prev = 0.0;
  s_e[i] = 0.0;
  s_h[i] = 0.0;
  __syncthreads();
  for (int t = 0; t < nt; ++t) {
    if (i < N - 1) s_h[i] += courant * (s_e[i + 1] - s_e[i]);
    __syncthreads();
    if (i == 0) nb_prev = s_e[1];
    if (i == N - 1) nb_prev = s_e[N - 2];
    const double j_old = J;
    J = kj * J + bj * s_e[i];
    __syncthreads();
    if (i > 0 && i < N - 1) {
      double e = s_e[i] + ce * ((s_h[i] - s_h[i - 1]) - 0.5 * dt * (J + j_old));
      if (i == src) e += amp * pulse(t, 12.0, 5.0, 0.6);
      s_e[i] = e;
    }
    __syncthreads();
    if (i == 0) s_e[0] = nb_prev + mur * (s_e[1] - s_e[0]);
    if (i == N - 1) s_e[N - 1] = nb_prev + mur * (s_e[N - 2] - s_e[N - 1]);
    __syncthreads();
    if (i == probe) trace[blockIdx.x * nt + t] = s_e[i];
  }
}

template __global__ void fdtd_drude_block<64>(const double*, const double*, double, double, int, int, int,
                                              double, double*);
