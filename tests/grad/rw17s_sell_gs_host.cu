// cuad: --fn sell_multicolor_sor --wrt val,diag,b,omega,x
// Multi-colour SOR smoother on a SELL-C matrix, as in an AMG/HPCG-style solver: the matrix
// lives in a SELL-C layout (slices of C rows stored column-major, slice_ptr offsets, padding
// marked by col = -1, the diagonal kept apart), its device pointers travel to the kernel in
// a `SellView` struct by value, rows are grouped by colour (a greedy graph colouring: no two
// rows of one colour are coupled), and the host loops over sweeps and colours launching one
// kernel per colour that updates x in place for that colour's rows:
//   x_r <- (1 - omega) x_r + omega (b_r - sum_{c != r} a_rc x_c) / d_r.
// The iterate is copied in and out of the host array x.
#include <cuda_runtime.h>

struct SellView {
  int nrows;
  int C;
  const int* slice_ptr;
  const int* col;
  const double* val;
};

__device__ __forceinline__ double sell_row_offdiag(const SellView& A, int r, const double* x) {
  const int slice = r / A.C, lane = r % A.C;
  const int beg = A.slice_ptr[slice], end = A.slice_ptr[slice + 1];
  double s = 0.0;
  for (int idx = beg + lane; idx < end; idx += A.C) {
    const int c = A.col[idx];
    if (c < 0) break;  // padding at the end of a short row
    s += A.val[idx] * x[c];
  }
  return s;
}

__global__ void sor_color(SellView A, const double* __restrict__ diag,
                          const double* __restrict__ b, const int* __restrict__ rows_of_color,
                          int count, double omega, double* x) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= count) return;
  const int r = rows_of_color[t];
  const double sigma = sell_row_offdiag(A, r, x);
  x[r] = (1.0 - omega) * x[r] + omega * (b[r] - sigma) / diag[r];
}

void sell_multicolor_sor(int n, int C, const int* slice_ptr, const int* col, const double* val,
                         int stored, const double* diag, const double* b, const int* perm,
                         const int* color_ptr, int ncolors, double omega, int sweeps,
                         double* x) {
  const int nslices = (n + C - 1) / C;
  int *d_slice_ptr, *d_col, *d_perm;
  double *d_val, *d_diag, *d_b, *d_x;
  cudaMalloc(&d_slice_ptr, (nslices + 1) * sizeof(int));
  cudaMalloc(&d_col, stored * sizeof(int));
  cudaMalloc(&d_perm, n * sizeof(int));
  cudaMalloc(&d_val, stored * sizeof(double));
  cudaMalloc(&d_diag, n * sizeof(double));
  cudaMalloc(&d_b, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMemcpy(d_slice_ptr, slice_ptr, (nslices + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_col, col, stored * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_perm, perm, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_val, val, stored * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_diag, diag, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);

  SellView A;
  A.nrows = n;
  A.C = C;
  A.slice_ptr = d_slice_ptr;
  A.col = d_col;
  A.val = d_val;

  const int threads = 32;
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    for (int c = 0; c < ncolors; ++c) {
      const int count = color_ptr[c + 1] - color_ptr[c];
      if (count == 0) continue;
      sor_color<<<(count + threads - 1) / threads, threads>>>(A, d_diag, d_b, d_perm + color_ptr[c],
                                                             count, omega, d_x);
    }
  }
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_slice_ptr);
  cudaFree(d_col);
  cudaFree(d_perm);
  cudaFree(d_val);
  cudaFree(d_diag);
  cudaFree(d_b);
  cudaFree(d_x);
}
