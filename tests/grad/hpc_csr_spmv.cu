// cuad: --fn csr_spmv --wrt y,vals,x
// CSR sparse matrix-vector product, one row per thread: y = A x with row_ptr / col_idx.
__global__ void csr_spmv(double* y, const int* __restrict__ row_ptr,
                         const int* __restrict__ col_idx, const double* __restrict__ vals,
                         const double* __restrict__ x, int nrows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < nrows) {
    double sum = 0.0;
    const int start = row_ptr[row];
    const int end = row_ptr[row + 1];
    for (int k = start; k < end; ++k) sum += vals[k] * x[col_idx[k]];
    y[row] = sum;
  }
}
