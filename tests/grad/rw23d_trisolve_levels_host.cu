// cuad: --fn lower_solve_levels --wrt vals,b,x
// cuad: fwd --fn lower_solve_levels --wrt vals,b,x
// Sparse lower-triangular solve L x = b with level scheduling (the ILU/IC preconditioner
// apply and Gauss-Seidel sweep of AMG codes): rows are grouped into levels on the host
// (a row's level is one more than the deepest level among the rows it depends on), and a
// host loop launches one kernel per level over that level's rows; the kernel reads the
// solution entries finished by earlier levels from the same device buffer and writes its
// own rows. The diagonal is the last entry of each (sorted) row.
#include <cuda_runtime.h>
#include <vector>

__global__ void solve_level(int count, const int* __restrict__ rows, const int* __restrict__ row_ptr,
                            const int* __restrict__ col, const double* __restrict__ val,
                            const double* __restrict__ b, double* x) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= count) return;
  const int r = rows[t];
  const int beg = row_ptr[r], last = row_ptr[r + 1] - 1;  // last = diagonal
  double s = b[r];
  for (int k = beg; k < last; ++k) s -= val[k] * x[col[k]];
  x[r] = s / val[last];
}

void lower_solve_levels(int n, const int* row_ptr, const int* col, const double* vals, const double* b,
                        double* x) {
  // level of each row, then rows ordered by level
  std::vector<int> level(n, 0);
  int n_levels = 0;
  for (int r = 0; r < n; ++r) {
    int lv = 0;
    for (int k = row_ptr[r]; k < row_ptr[r + 1] - 1; ++k) lv = level[col[k]] + 1 > lv ? level[col[k]] + 1 : lv;
    level[r] = lv;
    n_levels = lv + 1 > n_levels ? lv + 1 : n_levels;
  }
  std::vector<int> level_ptr(n_levels + 1, 0), order(n);
  for (int r = 0; r < n; ++r) level_ptr[level[r] + 1]++;
  for (int l = 0; l < n_levels; ++l) level_ptr[l + 1] += level_ptr[l];
  std::vector<int> fill(level_ptr.begin(), level_ptr.end() - 1);
  for (int r = 0; r < n; ++r) order[fill[level[r]]++] = r;

  const int nnz = row_ptr[n];
  int *d_rp, *d_col, *d_order;
  double *d_val, *d_b, *d_x;
  cudaMalloc(&d_rp, (n + 1) * sizeof(int));
  cudaMalloc(&d_col, nnz * sizeof(int));
  cudaMalloc(&d_order, n * sizeof(int));
  cudaMalloc(&d_val, nnz * sizeof(double));
  cudaMalloc(&d_b, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMemcpy(d_rp, row_ptr, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, col, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_order, order.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, vals, nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_x, 0, n * sizeof(double));
  for (int l = 0; l < n_levels; ++l) {
    const int count = level_ptr[l + 1] - level_ptr[l];
    const int threads = 32, blocks = (count + threads - 1) / threads;
    solve_level<<<blocks, threads>>>(count, d_order + level_ptr[l], d_rp, d_col, d_val, d_b, d_x);
  }
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_rp);
  cudaFree(d_col);
  cudaFree(d_order);
  cudaFree(d_val);
  cudaFree(d_b);
  cudaFree(d_x);
}
