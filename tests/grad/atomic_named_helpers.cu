// cuad: --fn deposit
// cuad: fwd --fn deposit
// User functions whose names start with "atomic" are user functions in both modes, not CUDA
// atomics: a scatter helper (atomicAddScaled, calling atomicAdd) and a value helper used
// inside an expression (atomic_weight, no atomics at all).
#include <cuda_runtime.h>

__device__ inline double atomic_weight(double q, double r) { return q * q / (1.0 + r * r); }

__device__ inline void atomicAddScaled(double* grid, int cell, double s, double v) {
  atomicAdd(&grid[cell], s * v);
  atomicAdd(&grid[cell + 1], s * v * v);
}

__global__ void deposit(const double* __restrict__ q, const double* __restrict__ r, const int* __restrict__ cell,
                        double* __restrict__ grid, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double w = 0.5 + atomic_weight(q[i], r[i]) * r[i];
  atomicAddScaled(grid, cell[i], w, q[i]);
}
