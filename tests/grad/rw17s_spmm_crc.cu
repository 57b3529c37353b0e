// cuad: --fn spmm_csr_crc<2> --wrt val,B,C
// GE-SpMM-style CSR x dense SpMM, C = A B (the aggregation step of a GNN layer): one warp per
// sparse row, lanes over the dense feature columns in chunks of 32 ("coalesced row caching":
// each warp stages up to 32 of its row's column offsets and values in __shared__ memory,
// __syncwarp, then every lane walks the staged nonzeros). Rows longer than 32 take several
// stages, feature dims not a multiple of 32 leave idle lanes in the last chunk. A kernel
// template on the warps per block; the column index is pre-scaled by the row stride of B.
#include <cuda_runtime.h>

#define WARP_SZ 32

template <int WARPS>
__global__ void spmm_csr_crc(int M, int F, const int* __restrict__ rowptr,
                             const int* __restrict__ colind, const double* __restrict__ val,
                             const double* __restrict__ B, double* __restrict__ C) {
  __shared__ int sh_col[WARPS * WARP_SZ];
  __shared__ double sh_val[WARPS * WARP_SZ];
  const int warp = threadIdx.x / WARP_SZ;
  const int lane = threadIdx.x % WARP_SZ;
  const int row = blockIdx.x * WARPS + warp;
  const int sm = warp * WARP_SZ;
  if (row >= M) return;  // whole warps leave together

  const int start = rowptr[row], end = rowptr[row + 1];
  for (int cbase = 0; cbase < F; cbase += WARP_SZ) {
    const int c = cbase + lane;
    double acc = 0.0;
    for (int p = start; p < end; p += WARP_SZ) {
      if (p + lane < end) {
        sh_col[sm + lane] = colind[p + lane] * F;
        sh_val[sm + lane] = val[p + lane];
      }
      __syncwarp();
      const int cnt = min(WARP_SZ, end - p);
      if (c < F) {
        for (int kk = 0; kk < cnt; ++kk) acc += sh_val[sm + kk] * B[sh_col[sm + kk] + c];
      }
      __syncwarp();
    }
    if (c < F) C[(size_t)row * F + c] = acc;
  }
}
