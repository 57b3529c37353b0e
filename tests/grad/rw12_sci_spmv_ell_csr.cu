// cuad: --fn spmv_ell<double> --wrt val,x,y
// cuad: --fn spmv_csr_vector --wrt val,x,y
// cuad: fwd --fn spmv_csr_vector --wrt val,x,y
// Sparse matrix-vector products as in an iterative-solver library. Output 1: ELLPACK in
// column-major layout (entry k of row r at k * nrows + r, padding marked by col = -1), one
// thread per row in a grid-stride loop, y = alpha * A x + beta * y, a kernel template on the
// value type. Outputs 2 and 3: "CSR-vector", one warp per row, lanes striding the row,
// __shfl_down_sync reduction, lane 0 writing y = alpha * A x + beta * y (reverse and forward).
template <typename T>
__global__ void spmv_ell(int nrows, int max_nnz, const int* __restrict__ col,
                         const T* __restrict__ val, const T* __restrict__ x, T alpha, T beta,
                         T* __restrict__ y) {
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < nrows; r += blockDim.x * gridDim.x) {
    T sum = T(0);
    for (int k = 0; k < max_nnz; ++k) {
      const int c = col[k * nrows + r];
      if (c < 0) break;
      sum += val[k * nrows + r] * x[c];
    }
    y[r] = alpha * sum + beta * y[r];
  }
}

#define WARP 32

__global__ void spmv_csr_vector(int nrows, const int* __restrict__ row_ptr,
                                const int* __restrict__ col, const double* __restrict__ val,
                                const double* __restrict__ x, double alpha, double beta,
                                double* __restrict__ y) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = gtid / WARP;
  const int lane = threadIdx.x & (WARP - 1);
  if (row >= nrows) return;  // whole warps leave together
  const int start = row_ptr[row], end = row_ptr[row + 1];
  double sum = 0.0;
  for (int p = start + lane; p < end; p += WARP) sum += val[p] * __ldg(&x[col[p]]);
#pragma unroll
  for (int off = WARP / 2; off > 0; off /= 2) sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0) y[row] = alpha * sum + beta * y[row];
}
