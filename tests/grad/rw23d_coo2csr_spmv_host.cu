// cuad: --fn coo_to_csr_spmv --wrt vals,x,y
// A solver front end that receives a matrix as COO triplets (unsorted, as assembled) and
// converts it to CSR on the host before the device SpMV, the way a small application does:
// count the entries of each row, exclusive prefix sum into row_ptr, then scatter every
// triplet to its slot with a running per-row cursor (`csr_val[next[r]++] = vals[k]`), the
// values carrying derivatives. The device computes y = A x with one thread per row; y is
// returned to the caller.
#include <cuda_runtime.h>
#include <vector>

__global__ void csr_spmv_scalar(int n, const int* __restrict__ row_ptr, const int* __restrict__ col,
                                const double* __restrict__ val, const double* __restrict__ x, double* __restrict__ y) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  double s = 0.0;
  for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) s += val[k] * x[col[k]];
  y[r] = s;
}

void coo_to_csr_spmv(int n, int nnz, const int* rows, const int* cols, const double* vals, const double* x,
                     double* y) {
  std::vector<int> row_ptr(n + 1);
  for (int r = 0; r <= n; ++r) row_ptr[r] = 0;
  for (int k = 0; k < nnz; ++k) row_ptr[rows[k] + 1]++;
  for (int r = 0; r < n; ++r) row_ptr[r + 1] += row_ptr[r];
  std::vector<int> next(row_ptr.begin(), row_ptr.end() - 1);
  std::vector<int> csr_col(nnz);
  std::vector<double> csr_val(nnz);
  for (int k = 0; k < nnz; ++k) {
    const int dst = next[rows[k]]++;
    csr_col[dst] = cols[k];
    csr_val[dst] = vals[k];
  }
  int *d_rp, *d_col;
  double *d_val, *d_x, *d_y;
  cudaMalloc(&d_rp, (n + 1) * sizeof(int));
  cudaMalloc(&d_col, nnz * sizeof(int));
  cudaMalloc(&d_val, nnz * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_rp, row_ptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, csr_col.data(), nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, csr_val.data(), nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  csr_spmv_scalar<<<(n + 31) / 32, 32>>>(n, d_rp, d_col, d_val, d_x, d_y);
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_rp);
  cudaFree(d_col);
  cudaFree(d_val);
  cudaFree(d_x);
  cudaFree(d_y);
}
