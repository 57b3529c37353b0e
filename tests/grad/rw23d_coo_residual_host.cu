// cuad: --fn coo_residual_loss --wrt vals,x,b,r_out
// Least-squares data term of a sparse inverse problem, host side: the COO matrix (unsorted,
// duplicates allowed, as assembled by an FEM/graph pipeline) is uploaded, y = A x is formed
// by a grid-stride kernel that atomicAdds each product into y (y cleared with cudaMemset),
// then a residual kernel r = y - b reduces 0.5 * sum r^2 per block in shared memory; the block
// partials are copied back and finished on the host. The residual vector is also returned to
// the caller (it drives the next Gauss-Newton step).
#include <cuda_runtime.h>
#include <vector>

constexpr int kBlock = 64;

__global__ void coo_spmv_atomic(int nnz, const int* __restrict__ rows, const int* __restrict__ cols,
                                const double* __restrict__ vals, const double* __restrict__ x,
                                double* __restrict__ y) {
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += gridDim.x * blockDim.x) {
    const double prod = vals[k] * x[cols[k]];
    atomicAdd(&y[rows[k]], prod);
  }
}

__global__ void residual_sq(int m, const double* __restrict__ y, const double* __restrict__ b,
                            double* __restrict__ r, double* __restrict__ partial) {
  __shared__ double s[kBlock];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v = 0.0;
  if (i < m) {
    const double ri = y[i] - b[i];
    r[i] = ri;
    v = 0.5 * ri * ri;
  }
  s[threadIdx.x] = v;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

double coo_residual_loss(int m, int n, int nnz, const int* rows, const int* cols,
                         const double* vals, const double* x, const double* b, double* r_out) {
  int *d_rows, *d_cols;
  double *d_vals, *d_x, *d_b, *d_y, *d_r, *d_part;
  const int mblocks = (m + kBlock - 1) / kBlock;
  cudaMalloc(&d_rows, nnz * sizeof(int));
  cudaMalloc(&d_cols, nnz * sizeof(int));
  cudaMalloc(&d_vals, nnz * sizeof(double));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_b, m * sizeof(double));
  cudaMalloc(&d_y, m * sizeof(double));
  cudaMalloc(&d_r, m * sizeof(double));
  cudaMalloc(&d_part, mblocks * sizeof(double));
  cudaMemcpy(d_rows, rows, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_cols, cols, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_vals, vals, nnz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b, b, m * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_y, 0, m * sizeof(double));

  coo_spmv_atomic<<<2, kBlock>>>(nnz, d_rows, d_cols, d_vals, d_x, d_y);
  residual_sq<<<mblocks, kBlock>>>(m, d_y, d_b, d_r, d_part);

  std::vector<double> part(mblocks);
  cudaMemcpy(part.data(), d_part, mblocks * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(r_out, d_r, m * sizeof(double), cudaMemcpyDeviceToHost);
  double loss = 0.0;
  for (int k = 0; k < mblocks; ++k) loss += part[k];

  cudaFree(d_rows);
  cudaFree(d_cols);
  cudaFree(d_vals);
  cudaFree(d_x);
  cudaFree(d_b);
  cudaFree(d_y);
  cudaFree(d_r);
  cudaFree(d_part);
  return loss;
}
