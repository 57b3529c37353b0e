// cuad: --fn ell_jacobi_solve --wrt vals,diag,b,x0,omega,x_out
// cuad: fwd --fn ell_jacobi_solve
// Weighted Jacobi iterations with the off-diagonal part of A stored in ELLPACK format, as a
// GPU sparse solver lays it out: column-major (entry k of row r at k * num_rows + r) so a
// warp reads consecutive rows, rows padded to max_nnz with the column ELL_PAD (the row loop
// breaks at the first pad), a 64-bit grid-stride loop, __ldg for the read-only arrays, and a
// host driver that copies in, iterates with two device buffers swapped after every sweep,
// and copies the result out.
#include <cuda_runtime.h>
#include <utility>

#define ELL_PAD (-1)
#define THREADS_PER_BLOCK 32

__global__ void ell_jacobi_sweep(const int num_rows, const int max_nnz,
                                 const int* __restrict__ ell_cols,
                                 const double* __restrict__ ell_vals,
                                 const double* __restrict__ diag, const double* __restrict__ b,
                                 const double* __restrict__ x_old, double* __restrict__ x_new,
                                 const double omega) {
  const size_t stride = (size_t)blockDim.x * gridDim.x;
  for (size_t row = (size_t)blockIdx.x * blockDim.x + threadIdx.x; row < (size_t)num_rows;
       row += stride) {
    double off = 0.0;
    for (int k = 0; k < max_nnz; ++k) {
      const size_t slot = (size_t)k * num_rows + row;
      const int col = __ldg(&ell_cols[slot]);
      if (col == ELL_PAD) break;
      off += __ldg(&ell_vals[slot]) * x_old[col];
    }
    const double xj = (__ldg(&b[row]) - off) / __ldg(&diag[row]);
    x_new[row] = (1.0 - omega) * x_old[row] + omega * xj;
  }
}

void ell_jacobi_solve(const int* ell_cols, const double* vals, const double* diag,
                      const double* b, const double* x0, double* x_out, double omega,
                      int num_rows, int max_nnz, int iters) {
  const size_t nbytes = (size_t)num_rows * sizeof(double);
  const size_t ebytes = (size_t)num_rows * max_nnz;
  int* d_cols;
  double *d_vals, *d_diag, *d_b, *d_x, *d_y;
  cudaMalloc((void**)&d_cols, ebytes * sizeof(int));
  cudaMalloc((void**)&d_vals, ebytes * sizeof(double));
  cudaMalloc((void**)&d_diag, nbytes);
  cudaMalloc((void**)&d_b, nbytes);
  cudaMalloc((void**)&d_x, nbytes);
  cudaMalloc((void**)&d_y, nbytes);
  cudaMemcpy(d_cols, ell_cols, ebytes * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_vals, vals, ebytes * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_diag, diag, nbytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, nbytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x0, nbytes, cudaMemcpyHostToDevice);
  const int blocks = 2;  // fewer threads than rows: the grid-stride loop takes the rest
  for (int it = 0; it < iters; ++it) {
    ell_jacobi_sweep<<<blocks, THREADS_PER_BLOCK>>>(num_rows, max_nnz, d_cols, d_vals, d_diag,
                                                    d_b, d_x, d_y, omega);
    std::swap(d_x, d_y);
  }
  cudaMemcpy(x_out, d_x, nbytes, cudaMemcpyDeviceToHost);
  cudaFree(d_cols);
  cudaFree(d_vals);
  cudaFree(d_diag);
  cudaFree(d_b);
  cudaFree(d_x);
  cudaFree(d_y);
}
