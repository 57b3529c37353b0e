// cuad: --fn rk4_decay
// Per-thread RK4 of a 2-state linear ODE with a run-time step count (a PK ensemble shape).
// Every step tapes the overwritten stage arrays and the state (16 values): 48 steps need 768
// tape entries, past the thread's own 256, so the tape spills to the heap (256 entries, then 512).
#include <cuda_runtime.h>

__device__ void rhs(const double* y, double k, double* f) {
  f[0] = -k * y[0];
  f[1] = k * y[0] - 0.5 * y[1];
}

__global__ void rk4_decay(double* y0, const double* kk, double h, int nsteps, int n) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n) return;
  double y[2] = {y0[2 * s], y0[2 * s + 1]}, k1[2], k2[2], k3[2], k4[2], t[2];
  const double k = kk[s];
  for (int step = 0; step < nsteps; ++step) {
    rhs(y, k, k1);
    for (int c = 0; c < 2; ++c) t[c] = y[c] + 0.5 * h * k1[c];
    rhs(t, k, k2);
    for (int c = 0; c < 2; ++c) t[c] = y[c] + 0.5 * h * k2[c];
    rhs(t, k, k3);
    for (int c = 0; c < 2; ++c) t[c] = y[c] + h * k3[c];
    rhs(t, k, k4);
    for (int c = 0; c < 2; ++c) y[c] += h / 6.0 * (k1[c] + 2.0 * k2[c] + 2.0 * k3[c] + k4[c]);
  }
  y0[2 * s] = y[0];
  y0[2 * s + 1] = y[1];
}
