// cuad: --fn csr_spmv_scalar --wrt alpha,vals,x,beta,y
// cuad: --fn csr_spmv_vector --wrt alpha,vals,x,beta,y
// cuad: fwd --fn csr_spmv_vector
// y = alpha * A x + beta * y with A in CSR, the two classic GPU kernels of a sparse BLAS:
// "scalar" (one thread per row, grid-stride loop, row bounds and entries read through
// __ldg, an indirect __ldg of x) and "vector" (one warp per row: lanes stride through the
// row, a __shfl_down_sync tree, lane 0 writes; warps past the last row return early, the
// whole warp at once).
#define WARP_SIZE 32
#define FULL_MASK 0xffffffffu

__global__ void csr_spmv_scalar(const int num_rows, const double alpha,
                                const int* __restrict__ row_ptr, const int* __restrict__ col_ind,
                                const double* __restrict__ vals, const double* __restrict__ x,
                                const double beta, double* __restrict__ y) {
  for (int row = blockIdx.x * blockDim.x + threadIdx.x; row < num_rows;
       row += blockDim.x * gridDim.x) {
    double dot = 0.0;
    const int row_start = __ldg(&row_ptr[row]);
    const int row_end = __ldg(&row_ptr[row + 1]);
    for (int jj = row_start; jj < row_end; jj++)
      dot += __ldg(&vals[jj]) * __ldg(&x[__ldg(&col_ind[jj])]);
    y[row] = alpha * dot + beta * y[row];
  }
}

__global__ void csr_spmv_vector(const int num_rows, const double alpha,
                                const int* __restrict__ row_ptr, const int* __restrict__ col_ind,
                                const double* __restrict__ vals, const double* __restrict__ x,
                                const double beta, double* __restrict__ y) {
  const int thread_id = blockIdx.x * blockDim.x + threadIdx.x;
  const int warp_id = thread_id / WARP_SIZE;
  const int lane = thread_id & (WARP_SIZE - 1);
  const int row = warp_id;
  if (row >= num_rows) return;
  const int row_start = row_ptr[row];
  const int row_end = row_ptr[row + 1];
  double sum = 0.0;
  for (int jj = row_start + lane; jj < row_end; jj += WARP_SIZE) sum += vals[jj] * x[col_ind[jj]];
  for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2)
    sum += __shfl_down_sync(FULL_MASK, sum, offset);
  if (lane == 0) y[row] = alpha * sum + beta * y[row];
}
