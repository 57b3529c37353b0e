// cuad: --fn multicolor_sor --wrt val,diag,b,omega,x
// cuad: fwd --fn multicolor_sor --wrt val,diag,b,omega,x
// Multi-color SOR smoother (as in an AMG cycle): the rows are greedily colored on the host
// so that no row reads a row of its own color, bucketed by color, and every sweep launches
// one kernel per color that updates its rows of x in place,
//   x_i <- (1 - omega) x_i + omega (b_i - sum_{j != i} a_ij x_j) / a_ii,
// reading neighbours of the other colors (old or already updated). The off-diagonal part is
// CSR, the diagonal is apart; x is the initial guess on entry and the smoothed vector on
// return. Each x entry is overwritten once per sweep.
#include <cuda_runtime.h>
#include <vector>

__global__ void sor_color(const int* __restrict__ rp, const int* __restrict__ col,
                          const double* __restrict__ val, const double* __restrict__ diag,
                          const double* __restrict__ b, const int* __restrict__ rows, int count,
                          double omega, double* x) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= count) return;
  const int i = rows[t];
  double s = b[i];
  for (int k = rp[i]; k < rp[i + 1]; ++k) s -= val[k] * x[col[k]];
  x[i] = (1.0 - omega) * x[i] + omega * s / diag[i];
}

void multicolor_sor(int n, const int* rp, const int* col, const double* val, const double* diag,
                    const double* b, double omega, int sweeps, double* x) {
  // greedy coloring
  std::vector<int> color(n, -1);
  int ncolors = 0;
  for (int i = 0; i < n; ++i) {
    std::vector<char> used(ncolors + 1, 0);
    for (int k = rp[i]; k < rp[i + 1]; ++k)
      if (color[col[k]] >= 0) used[color[col[k]]] = 1;
    int c = 0;
    while (used[c]) ++c;
    color[i] = c;
    if (c + 1 > ncolors) ncolors = c + 1;
  }
  std::vector<int> cptr(ncolors + 1, 0), crows(n);
  for (int i = 0; i < n; ++i) cptr[color[i] + 1]++;
  for (int c = 0; c < ncolors; ++c) cptr[c + 1] += cptr[c];
  std::vector<int> pos(cptr.begin(), cptr.end() - 1);
  for (int i = 0; i < n; ++i) crows[pos[color[i]]++] = i;

  const int nnz = rp[n];
  int *d_rp, *d_col, *d_rows;
  double *d_val, *d_diag, *d_b, *d_x;
  cudaMalloc(&d_rp, (n + 1) * sizeof(int));
  cudaMalloc(&d_col, nnz * sizeof(int));
  cudaMalloc(&d_rows, n * sizeof(int));
  cudaMalloc(&d_val, nnz * sizeof(double));
  cudaMalloc(&d_diag, n * sizeof(double));
  cudaMalloc(&d_b, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMemcpy(d_rp, rp, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, col, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_rows, crows.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, val, nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_diag, diag, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int s = 0; s < sweeps; ++s) {
    for (int c = 0; c < ncolors; ++c) {
      const int count = cptr[c + 1] - cptr[c];
      sor_color<<<(count + 31) / 32, 32>>>(d_rp, d_col, d_val, d_diag, d_b, d_rows + cptr[c], count, omega, d_x);
    }
  }
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_rp);
  cudaFree(d_col);
  cudaFree(d_rows);
  cudaFree(d_val);
  cudaFree(d_diag);
  cudaFree(d_b);
  cudaFree(d_x);
}
