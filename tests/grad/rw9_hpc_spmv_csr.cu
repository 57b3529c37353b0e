// cuad: --fn spmv_axpby --wrt y,vals,x,alpha
// cuad: fwd --fn spmv_axpby
// CSR SpMV y = alpha * A x + beta * y with a grid-stride loop over rows (fewer threads than
// rows), float values, the row sum kept in a register and the row bounds read once.
__global__ void spmv_axpby(float* __restrict__ y, const int* __restrict__ row_ptr,
                           const int* __restrict__ col_idx, const float* __restrict__ vals,
                           const float* __restrict__ x, float alpha, float beta, int nrows) {
  for (int row = blockIdx.x * blockDim.x + threadIdx.x; row < nrows;
       row += blockDim.x * gridDim.x) {
    const int start = row_ptr[row];
    const int end = row_ptr[row + 1];
    float sum = 0.0f;
    for (int jj = start; jj < end; jj++) sum += vals[jj] * __ldg(&x[col_idx[jj]]);
    y[row] = alpha * sum + beta * y[row];
  }
}
