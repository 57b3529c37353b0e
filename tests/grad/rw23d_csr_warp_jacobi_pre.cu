// cuad: --fn csr_warp_spmv_precond --wrt vals,x,y,z,alpha
// cuad: fwd --fn csr_warp_spmv_precond --wrt vals,x,y,z,alpha
// Warp-per-row CSR SpMV fused with a Jacobi (diagonal) preconditioner, as in a PCG / Chebyshev
// smoother: y <- alpha * A x + beta * y (in place), z <- y / diag(A). One warp per row; lanes
// stride the row's nonzeros, partial dot products and the diagonal entry are combined with
// a butterfly of __shfl_xor_sync so every lane holds the row totals. The diagonal is found by
// the lane whose column index equals the row (rows are guaranteed to hold one). Several warps
// per block; each warp writes its row from lane 0.
#include <cuda_runtime.h>

#define WARP 32
#define FULL_MASK 0xffffffffu

template <typename T>
__device__ __forceinline__ T warp_allreduce_sum(T v) {
#pragma unroll
  for (int off = WARP / 2; off > 0; off >>= 1) v += __shfl_xor_sync(FULL_MASK, v, off);
  return v;
}

__global__ void csr_warp_spmv_precond(int n_rows, const int* __restrict__ row_ptr,
                                      const int* __restrict__ col_idx,
                                      const float* __restrict__ vals, const float* __restrict__ x,
                                      float alpha, float beta, float* __restrict__ y,
                                      float* __restrict__ z) {
  const int warps_per_block = blockDim.x / WARP;
  const int lane = threadIdx.x & (WARP - 1);
  const int row = blockIdx.x * warps_per_block + threadIdx.x / WARP;
  if (row >= n_rows) return;  // whole warps leave together
  const int start = row_ptr[row];
  const int end = row_ptr[row + 1];
  float acc = 0.0f;
  float dg = 0.0f;
  for (int jj = start + lane; jj < end; jj += WARP) {
    const int c = col_idx[jj];
    const float a = vals[jj];
    acc += a * x[c];
    if (c == row) dg = a;
  }
  acc = warp_allreduce_sum(acc);
  dg = warp_allreduce_sum(dg);
  if (lane == 0) {
    const float ynew = alpha * acc + beta * y[row];
    y[row] = ynew;
    z[row] = ynew / dg;
  }
}
