// cuad: --fn advance --wrt u,c
// cuad: fwd --fn advance
// A caller's device buffer updated in place in a time loop by kernels whose stores pick their
// index with `?:`: nested choices of end cells (`t == 0 ? 0 : (t == 1 ? n - 1 : n - 2)`), and
// a clamped index through a local (`j = i < n ? i : n - 1`). Each arm is bounded under its
// side of the condition, so the host gradient checkpoints `u` before every launch.
#include <cuda_runtime.h>

__global__ void bulk(double* u, const double* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = i < n ? i : n - 1;
  if (i < n) u[j] = u[j] * c[i] + 0.1 * u[j] * u[j];
}

__global__ void marks(double* u, int n) {
  const int t = threadIdx.x;
  u[t == 0 ? 0 : (t == 1 ? n - 1 : n - 2)] *= 0.5 + 0.25 * t;
}

void advance(double* u, const double* c, int n, int nt) {
  for (int s = 0; s < nt; ++s) {
    bulk<<<1, 32>>>(u, c, n);
    marks<<<1, 3>>>(u, n);
  }
}
