// cuad: --fn power_rayleigh --wrt A,v,Av,partial,lam
// Power iteration for the dominant eigenpair of a dense matrix (the building block of spectral
// normalization and PageRank-style codes) on the caller's device buffers: the iterate `v` is
// normalized in place, `Av` and the per-block partial sums `partial` are caller scratch, and
// the Rayleigh quotient is accumulated into the caller's device scalar `lam` and returned.
// Row-per-thread matvec, a shared-memory tree reduction of squares writing one partial sum per
// block, a normalization kernel that adds the partials up, and an atomicAdd dot product.
#include <cuda_runtime.h>

#define TPB 32

__global__ void matvec_rows(const double* __restrict__ A, const double* __restrict__ x,
                            double* __restrict__ y, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n) return;
  double s = 0.0;
  for (int j = 0; j < n; ++j) s += A[row * n + j] * x[j];
  y[row] = s;
}

__global__ void sumsq_partial(const double* __restrict__ y, double* __restrict__ partial,
                              int n) {
  __shared__ double buf[TPB];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + tid;
  buf[tid] = i < n ? y[i] * y[i] : 0.0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) buf[tid] += buf[tid + s];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = buf[0];
}

__global__ void normalize_from_partials(const double* __restrict__ y,
                                        const double* __restrict__ partial,
                                        double* __restrict__ x, int n, int nparts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double s = 0.0;
    for (int b = 0; b < nparts; ++b) s += partial[b];
    x[i] = y[i] * rsqrt(s);
  }
}

__global__ void dot_atomic(const double* a, const double* b, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(out, a[i] * b[i]);
}

double power_rayleigh(const double* A, double* v, double* Av, double* partial, double* lam,
                      int n, int iters) {
  const int blocks = (n + TPB - 1) / TPB;
  for (int it = 0; it < iters; ++it) {
    matvec_rows<<<blocks, TPB>>>(A, v, Av, n);
    sumsq_partial<<<blocks, TPB>>>(Av, partial, n);
    normalize_from_partials<<<blocks, TPB>>>(Av, partial, v, n, blocks);
  }
  matvec_rows<<<blocks, TPB>>>(A, v, Av, n);
  cudaMemset(lam, 0, sizeof(double));
  dot_atomic<<<blocks, TPB>>>(v, Av, lam, n);
  double h_lam = 0.0;
  cudaMemcpy(&h_lam, lam, sizeof(double), cudaMemcpyDeviceToHost);
  return h_lam;
}
