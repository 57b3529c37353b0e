// cuad: --fn sptrsv_levelset --wrt val,diag,b,x
// cuad: fwd --fn sptrsv_levelset --wrt val,diag,b,x
// Sparse lower-triangular solve L x = b by level scheduling, as in an ILU-preconditioned
// solver: the strictly lower part of L is CSR with 64-bit row offsets, the diagonal is kept
// apart. The host computes the level of each row (longest dependency chain), buckets the
// rows by level (counting sort into level_ptr / level_rows), then launches one kernel per
// level; rows of one level only read x entries of earlier levels. The solution is copied
// back into x and the function returns the squared norm of the solution.
#include <cuda_runtime.h>
#include <cstdint>
#include <vector>

#define TPB 32

__global__ void trsv_level_kernel(const int64_t* __restrict__ row_ptr, const int* __restrict__ col,
                                  const double* __restrict__ val, const double* __restrict__ diag,
                                  const double* __restrict__ b, const int* __restrict__ level_rows,
                                  int count, double* x) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= count) return;
  const int i = level_rows[t];
  double s = b[i];
  for (int64_t k = row_ptr[i]; k < row_ptr[i + 1]; ++k) s -= val[k] * x[col[k]];
  x[i] = s / diag[i];
}

double sptrsv_levelset(int n, const int64_t* row_ptr, const int* col, const double* val,
                       const double* diag, const double* b, double* x) {
  // level of each row: 1 + max level of its dependencies (rows are in order)
  std::vector<int> level(n, 0);
  int n_levels = 0;
  for (int i = 0; i < n; ++i) {
    int lv = 0;
    for (int64_t k = row_ptr[i]; k < row_ptr[i + 1]; ++k)
      if (level[col[k]] + 1 > lv) lv = level[col[k]] + 1;
    level[i] = lv;
    if (lv + 1 > n_levels) n_levels = lv + 1;
  }
  std::vector<int> level_ptr(n_levels + 1, 0), level_rows(n);
  for (int i = 0; i < n; ++i) level_ptr[level[i] + 1]++;
  for (int l = 0; l < n_levels; ++l) level_ptr[l + 1] += level_ptr[l];
  std::vector<int> fill(level_ptr.begin(), level_ptr.end() - 1);
  for (int i = 0; i < n; ++i) level_rows[fill[level[i]]++] = i;

  const int64_t nnz = row_ptr[n];
  int64_t* d_rp;
  int *d_col, *d_rows;
  double *d_val, *d_diag, *d_b, *d_x;
  cudaMalloc(&d_rp, (n + 1) * sizeof(int64_t));
  cudaMalloc(&d_col, nnz * sizeof(int));
  cudaMalloc(&d_rows, n * sizeof(int));
  cudaMalloc(&d_val, nnz * sizeof(double));
  cudaMalloc(&d_diag, n * sizeof(double));
  cudaMalloc(&d_b, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMemcpy(d_rp, row_ptr, (n + 1) * sizeof(int64_t), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, col, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_rows, level_rows.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, val, nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_diag, diag, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_x, 0, n * sizeof(double));

  for (int l = 0; l < n_levels; ++l) {
    const int count = level_ptr[l + 1] - level_ptr[l];
    const int blocks = (count + TPB - 1) / TPB;
    trsv_level_kernel<<<blocks, TPB>>>(d_rp, d_col, d_val, d_diag, d_b, d_rows + level_ptr[l], count, d_x);
  }
  cudaDeviceSynchronize();
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  double nrm2 = 0.0;
  for (int i = 0; i < n; ++i) nrm2 += x[i] * x[i];

  cudaFree(d_rp);
  cudaFree(d_col);
  cudaFree(d_rows);
  cudaFree(d_val);
  cudaFree(d_diag);
  cudaFree(d_b);
  cudaFree(d_x);
  return nrm2;
}
