// cuad: --fn spmv --wrt A,x,y
// A struct of device pointers passed by value (CSR sparse matrix-vector product). The adjoint
// of `A` is a struct of the same type whose pointer fields point to the adjoint buffers
// (`_d_A->vals`); integer index arrays carry none.
struct Csr {
  int rows;
  const int* row_ptr;
  const int* col_idx;
  const double* vals;
};

__global__ void spmv(Csr A, const double* x, double* y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < A.rows) {
    double sum = 0.0;
    for (int jj = A.row_ptr[row]; jj < A.row_ptr[row + 1]; jj++) sum += A.vals[jj] * sin(x[A.col_idx[jj]]);
    y[row] = sum * sum;
  }
}
