// cuad: --fn block_jacobi_smoother --wrt vals,b,x,out
// Block-Jacobi smoother as used in AMG / domain decomposition: each thread block owns a
// contiguous subdomain of BS rows; the couplings to rows outside the block use the current
// global iterate x (frozen), the in-block couplings are relaxed with `sweeps` damped Jacobi
// iterations carried out entirely in __shared__ memory (the iterate `u` overwritten in
// place each sweep, a staging buffer `un` in between, barriers around both). The diagonal
// is found while scanning the row. out = final u.
#include <cuda_runtime.h>

#define BS 16

__global__ void block_jacobi_smoother(int n, const int* __restrict__ row_ptr, const int* __restrict__ col,
                                      const double* __restrict__ vals, const double* __restrict__ b,
                                      const double* __restrict__ x, double omega, int sweeps,
                                      double* __restrict__ out) {
  __shared__ double u[BS];
  __shared__ double un[BS];
  const int t = threadIdx.x;
  const int lo = blockIdx.x * BS;
  const int i = lo + t;
  const bool active = i < n;
  // the right-hand side with the off-block couplings moved over, and the diagonal
  double rhs = 0.0, diag = 1.0;
  if (active) {
    rhs = b[i];
    for (int k = row_ptr[i]; k < row_ptr[i + 1]; ++k) {
      const int c = col[k];
      if (c == i) diag = vals[k];
      else if (c < lo || c >= lo + BS) rhs -= vals[k] * x[c];
    }
    u[t] = x[i];
  } else {
    u[t] = 0.0;
  }
  __syncthreads();
  for (int s = 0; s < sweeps; ++s) {
    double r = rhs;
    if (active) {
      for (int k = row_ptr[i]; k < row_ptr[i + 1]; ++k) {
        const int c = col[k];
        if (c != i && c >= lo && c < lo + BS) r -= vals[k] * u[c - lo];
      }
    }
    un[t] = (1.0 - omega) * u[t] + omega * r / diag;
    __syncthreads();
    u[t] = un[t];
    __syncthreads();
  }
  if (active) out[i] = u[t];
}
