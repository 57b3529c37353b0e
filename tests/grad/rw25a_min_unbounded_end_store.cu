// cuad: --fn advance --wrt u,c
// Minimal: a host function steps a caller-owned device array in place; a two-thread boundary
// kernel writes the two end cells at an index picked by a ternary on threadIdx.x
// (`u[s == 0 ? 0 : n - 1]`), with no guard bounding the store. Reverse mode refuses: "kernel
// `ends` overwrites `u`, which the reverse pass needs, and cuad does not know its size"
// (the same stores written under `if (i == 0) ... else if (i == n - 1)` are taken).
#include <cuda_runtime.h>

__global__ void interior(double* u, const double* c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) u[i] = u[i] * c[i] + 0.1 * u[i] * u[i];
}

__global__ void ends(double* u, int n) {
  const int s = threadIdx.x;
  const int b = s == 0 ? 0 : n - 1, nb = s == 0 ? 1 : n - 2;
  u[b] = 0.5 * (u[b] + u[nb]);
}

void advance(double* u, const double* c, int n, int nt) {
  for (int t = 0; t < nt; ++t) {
    interior<<<1, 32>>>(u, c, n);
    ends<<<1, 2>>>(u, n);
  }
}
