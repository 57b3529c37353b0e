// cuad: --fn jacobi_solve --wrt vals,b,x
// Weighted Jacobi relaxation on a CSR matrix with sorted column indices, as a smoother in a
// multigrid / a cheap approximate solve: a device-side CSR kept in a struct filled by host
// helpers, the diagonal of each row found by binary search over the row's sorted columns,
// `sweeps` iterations x <- x + omega * D^-1 (b - A x) ping-ponging two buffers, and the squared
// residual norm of the final iterate accumulated with atomicAdd into one device scalar.
// x (the initial guess) is overwritten with the result; returns ||b - A x||^2.
#include <cuda_runtime.h>

struct DeviceCsr {
  int n, nnz;
  int* row_ptr;
  int* col;
  double* val;
};

static void upload_csr(DeviceCsr& A, int n, int nnz, const int* rp, const int* ci, const double* v) {
  A.n = n;
  A.nnz = nnz;
  cudaMalloc(&A.row_ptr, (n + 1) * sizeof(int));
  cudaMalloc(&A.col, nnz * sizeof(int));
  cudaMalloc(&A.val, nnz * sizeof(double));
  cudaMemcpy(A.row_ptr, rp, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(A.col, ci, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(A.val, v, nnz * sizeof(double), cudaMemcpyHostToDevice);
}

static void release_csr(DeviceCsr& A) {
  cudaFree(A.row_ptr);
  cudaFree(A.col);
  cudaFree(A.val);
}

// index of column `c` in the sorted range col[lo, hi), or -1
__device__ int find_in_row(const int* __restrict__ col, int lo, int hi, int c) {
  while (lo < hi) {
    const int mid = (lo + hi) >> 1;
    const int cm = col[mid];
    if (cm == c) return mid;
    if (cm < c) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

__global__ void jacobi_sweep(int n, const int* __restrict__ row_ptr, const int* __restrict__ col,
                             const double* __restrict__ val, const double* __restrict__ b,
                             const double* __restrict__ x, double* __restrict__ x_new, double omega) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int lo = row_ptr[i], hi = row_ptr[i + 1];
  double ax = 0.0;
  for (int k = lo; k < hi; ++k) ax += val[k] * x[col[k]];
  const int kd = find_in_row(col, lo, hi, i);
  const double diag = val[kd];
  x_new[i] = x[i] + omega * (b[i] - ax) / diag;
}

__global__ void residual_norm2(int n, const int* __restrict__ row_ptr, const int* __restrict__ col,
                               const double* __restrict__ val, const double* __restrict__ b,
                               const double* __restrict__ x, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double r = b[i];
  for (int k = row_ptr[i]; k < row_ptr[i + 1]; ++k) r -= val[k] * x[col[k]];
  atomicAdd(out, r * r);
}

double jacobi_solve(int n, int nnz, const int* row_ptr, const int* col, const double* vals,
                    const double* b, double* x, double omega, int sweeps) {
  DeviceCsr A;
  upload_csr(A, n, nnz, row_ptr, col, vals);
  double *d_b, *d_x, *d_y, *d_res;
  cudaMalloc(&d_b, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_res, sizeof(double));
  cudaMemcpy(d_b, b, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  const int threads = 64, blocks = (n + threads - 1) / threads;
  for (int s = 0; s < sweeps; ++s) {
    jacobi_sweep<<<blocks, threads>>>(A.n, A.row_ptr, A.col, A.val, d_b, d_x, d_y, omega);
    double* t = d_x;
    d_x = d_y;
    d_y = t;
  }
  cudaMemset(d_res, 0, sizeof(double));
  residual_norm2<<<blocks, threads>>>(A.n, A.row_ptr, A.col, A.val, d_b, d_x, d_res);
  double res = 0.0;
  cudaMemcpy(&res, d_res, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  release_csr(A);
  cudaFree(d_b);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_res);
  return res;
}
