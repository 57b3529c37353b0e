// cuad: --fn spmm_csr_tiled<16,8> --wrt vals,B,C
// cuad: fwd --fn spmm_csr_tiled<16,8> --wrt vals,B,C
// SpMM C = D^-1 A B (a row-normalised sparse adjacency times a dense feature matrix, the
// propagation step of a GCN/APPNP layer): one block per row (grid-stride over rows), one
// thread per output column (K of them). The row's (column, value) pairs are staged through
// __shared__ tiles of TILE entries, loaded cooperatively, with __syncthreads around each
// tile; the row's L1 norm (the normaliser, sum |a_ij|) is reduced over the same tiles by
// thread 0. C is updated in place: C <- beta * C + D^-1 A B.
#include <cuda_runtime.h>

template <int K, int TILE>
__global__ void spmm_csr_tiled(int n_rows, const int* __restrict__ row_ptr, const int* __restrict__ col,
                               const float* __restrict__ vals, const float* __restrict__ B, float beta,
                               float* __restrict__ C) {
  __shared__ int s_col[TILE];
  __shared__ float s_val[TILE];
  __shared__ float s_norm;
  const int k = threadIdx.x;
  for (int r = blockIdx.x; r < n_rows; r += gridDim.x) {
    const int beg = row_ptr[r], end = row_ptr[r + 1];
    float acc = 0.0f;
    if (k == 0) s_norm = 0.0f;
    for (int base = beg; base < end; base += TILE) {
      const int cnt = min(TILE, end - base);
      __syncthreads();
      for (int t = k; t < cnt; t += K) {
        s_col[t] = col[base + t];
        s_val[t] = vals[base + t];
      }
      __syncthreads();
      for (int t = 0; t < cnt; ++t) acc += s_val[t] * __ldg(&B[s_col[t] * K + k]);
      if (k == 0) {
        float part = 0.0f;
        for (int t = 0; t < cnt; ++t) part += fabsf(s_val[t]);
        s_norm += part;
      }
    }
    __syncthreads();
    const float norm = s_norm > 0.0f ? s_norm : 1.0f;
    C[r * K + k] = beta * C[r * K + k] + acc / norm;
    __syncthreads();
  }
}
