// cuad: --fn pcg_solve --wrt A,b,x
// cuad: --fn pcg_solve_arrays --wrt val,b,x
// Jacobi-preconditioned conjugate gradient with a fixed iteration count, host driven. The
// matrix lives in a host struct of CSR arrays passed by const reference; on the device it
// is a struct of device pointers passed by value to the kernels. The preconditioner is the
// inverse of the diagonal, found by a kernel that scans each row for its diagonal entry.
// Dot products reduce in a block (warp shuffles, then one shared slot per warp) and write
// per-block partials that the host copies back and sums; alpha and beta are computed on the
// host and passed to the axpy kernels by value. x is the initial guess and the result.
// The entry point takes the struct and hands its arrays to the worker.
#include <cuda_runtime.h>
#include <vector>

#define BS 64
#define NWARPS (BS / 32)

struct CsrHost {
  int n;
  const int* row_ptr;
  const int* col;
  const double* val;
};

struct CsrDev {
  int n;
  const int* row_ptr;
  const int* col;
  const double* val;
};

__global__ void spmv(CsrDev A, const double* __restrict__ x, double* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= A.n) return;
  double s = 0.0;
  for (int k = A.row_ptr[i]; k < A.row_ptr[i + 1]; ++k) s += A.val[k] * x[A.col[k]];
  y[i] = s;
}

__global__ void inv_diag(CsrDev A, double* __restrict__ dinv) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= A.n) return;
  double d = 1.0;
  for (int k = A.row_ptr[i]; k < A.row_ptr[i + 1]; ++k)
    if (A.col[k] == i) d = A.val[k];
  dinv[i] = 1.0 / d;
}

__global__ void dot_partial(const double* __restrict__ a, const double* __restrict__ b, int n,
                            double* __restrict__ partial) {
  __shared__ double warp_sums[NWARPS];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = i < n ? a[i] * b[i] : 0.0;
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    double s = 0.0;
    for (int w = 0; w < NWARPS; ++w) s += warp_sums[w];
    partial[blockIdx.x] = s;
  }
}

__global__ void residual(const double* __restrict__ b, const double* __restrict__ ax, int n,
                         double* __restrict__ r) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) r[i] = b[i] - ax[i];
}

__global__ void precond(const double* __restrict__ dinv, const double* __restrict__ r, int n,
                        double* __restrict__ z) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = dinv[i] * r[i];
}

__global__ void axpy(double alpha, const double* __restrict__ p, int n, double* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += alpha * p[i];
}

__global__ void xpby(const double* __restrict__ z, double beta, int n, double* __restrict__ p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = z[i] + beta * p[i];
}

static double host_dot(const double* a, const double* b, int n, double* d_part, int blocks) {
  dot_partial<<<blocks, BS>>>(a, b, n, d_part);
  std::vector<double> h(blocks);
  cudaMemcpy(h.data(), d_part, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  double s = 0.0;
  for (int k = 0; k < blocks; ++k) s += h[k];
  return s;
}

void pcg_solve_arrays(int n, const int* row_ptr, const int* col, const double* val,
                      const double* b, double* x, int iters) {
  const int nnz = row_ptr[n], blocks = (n + BS - 1) / BS;
  CsrDev dA;
  dA.n = n;
  int *rp, *ci;
  double* va;
  cudaMalloc(&rp, (n + 1) * sizeof(int));
  cudaMalloc(&ci, nnz * sizeof(int));
  cudaMalloc(&va, nnz * sizeof(double));
  cudaMemcpy(rp, row_ptr, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(ci, col, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(va, val, nnz * sizeof(double), cudaMemcpyHostToDevice);
  dA.row_ptr = rp;
  dA.col = ci;
  dA.val = va;

  double *d_b, *d_x, *d_r, *d_z, *d_p, *d_q, *d_dinv, *d_part;
  cudaMalloc(&d_b, n * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_r, n * sizeof(double));
  cudaMalloc(&d_z, n * sizeof(double));
  cudaMalloc(&d_p, n * sizeof(double));
  cudaMalloc(&d_q, n * sizeof(double));
  cudaMalloc(&d_dinv, n * sizeof(double));
  cudaMalloc(&d_part, blocks * sizeof(double));
  cudaMemcpy(d_b, b, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);

  inv_diag<<<blocks, BS>>>(dA, d_dinv);
  spmv<<<blocks, BS>>>(dA, d_x, d_q);
  residual<<<blocks, BS>>>(d_b, d_q, n, d_r);
  precond<<<blocks, BS>>>(d_dinv, d_r, n, d_z);
  cudaMemcpy(d_p, d_z, n * sizeof(double), cudaMemcpyDeviceToDevice);
  double rz = host_dot(d_r, d_z, n, d_part, blocks);

  for (int it = 0; it < iters; ++it) {
    spmv<<<blocks, BS>>>(dA, d_p, d_q);
    const double pq = host_dot(d_p, d_q, n, d_part, blocks);
    const double alpha = rz / pq;
    axpy<<<blocks, BS>>>(alpha, d_p, n, d_x);
    axpy<<<blocks, BS>>>(-alpha, d_q, n, d_r);
    precond<<<blocks, BS>>>(d_dinv, d_r, n, d_z);
    const double rz_new = host_dot(d_r, d_z, n, d_part, blocks);
    const double beta = rz_new / rz;
    rz = rz_new;
    xpby<<<blocks, BS>>>(d_z, beta, n, d_p);
  }
  cudaMemcpy(x, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);

  cudaFree(rp);
  cudaFree(ci);
  cudaFree(va);
  cudaFree(d_b);
  cudaFree(d_x);
  cudaFree(d_r);
  cudaFree(d_z);
  cudaFree(d_p);
  cudaFree(d_q);
  cudaFree(d_dinv);
  cudaFree(d_part);
}

void pcg_solve(const CsrHost& A, const double* b, double* x, int iters) {
  pcg_solve_arrays(A.n, A.row_ptr, A.col, A.val, b, x, iters);
}
