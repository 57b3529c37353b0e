// cuad: --fn spmv_warp_gated --wrt val,x,y
// cuad: fwd --fn spmv_warp_gated --wrt val,x,y
// Written for cuad in the style of a vector CSR SpMV (cuSPARSE-like "one warp per row"): the
// warp's lanes stride the row's nonzeros, x is read through __ldg at column indices (its
// adjoint scatters), partial sums are combined with a __shfl_down_sync tree, and a
// __ballot_sync / __popc count of the lanes that saw a positive product normalises the row
// (a gated mean), lane 0 writing the result. The grid has a partial last warp-row.
__global__ void spmv_warp_gated(const int* __restrict__ row_ptr, const int* __restrict__ col,
                                const float* __restrict__ val, const float* __restrict__ x,
                                float* __restrict__ y, int rows) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = gtid / 32, lane = threadIdx.x & 31;
  if (row >= rows) return;
  float sum = 0.0f;
  bool positive = false;
  for (int k = row_ptr[row] + lane; k < row_ptr[row + 1]; k += 32) {
    const float p = val[k] * __ldg(&x[col[k]]);
    sum += p;
    positive = positive || p > 0.0f;
  }
  const unsigned mask = __ballot_sync(0xffffffffu, positive);
  for (int offset = 16; offset > 0; offset >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) {
    const int lanes = __popc(mask);
    y[row] = sum / (float)(lanes > 0 ? lanes : 1);
  }
}
