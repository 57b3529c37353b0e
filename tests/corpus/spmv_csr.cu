// Sparse matrix-vector product in CSR format: scalar (thread per row) and vector (warp per
// row) kernels, and a struct bundling the device arrays.
struct CsrMatrix {
  int rows;
  int nnz;
  const int *row_ptr;
  const int *col_idx;
  const double *vals;
};

__global__ void spmv_scalar(CsrMatrix A, const double *x, double *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < A.rows) {
    double sum = 0.0;
    for (int jj = A.row_ptr[row]; jj < A.row_ptr[row + 1]; jj++)
      sum += A.vals[jj] * x[A.col_idx[jj]];
    y[row] = sum;
  }
}

__global__ void spmv_vector(const CsrMatrix *A, const double *x, double *y) {
  int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
  int warp_id = thread_id / 32;
  int lane = thread_id & 31;
  if (warp_id >= A->rows)
    return;
  int start = A->row_ptr[warp_id], end = A->row_ptr[warp_id + 1];
  double sum = 0.0;
  for (int jj = start + lane; jj < end; jj += 32)
    sum += A->vals[jj] * x[A->col_idx[jj]];
  for (int o = 16; o; o >>= 1)
    sum += __shfl_down_sync(0xffffffffu, sum, o);
  if (lane == 0)
    y[warp_id] = sum;
}
