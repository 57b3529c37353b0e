// cuad: --fn laplacian_energy --wrt x,out
// cuad: --fn edge_energy_row --wrt x,w
// Graph-Laplacian smoothness energy E = 1/2 sum_i sum_{j in N(i)} w_ij (x_i - x_j)^2 over a
// weighted graph in CSR, with a small CSR view struct that has __device__ member functions
// (row bounds, degree, the weighted squared difference of a row) and is passed by value.
// Each thread takes a row; a block reduces in shared memory and thread 0 adds the block's
// share to the scalar output with atomicAdd. The per-row helper is also differentiated on
// its own (a __device__ function gradient, called from a test kernel).
#include <cuda_runtime.h>
#include <cstdint>

#define BLOCK 64

struct CsrView {
  const int64_t* row_ptr;
  const int* col;
  const double* w;
  int n;

  __device__ int64_t begin(int r) const { return row_ptr[r]; }
  __device__ int64_t end(int r) const { return row_ptr[r + 1]; }
  __device__ double weight(int64_t k) const { return w[k]; }
};

__device__ double edge_energy_row(const int64_t* __restrict__ row_ptr, const int* __restrict__ col,
                                  const double* __restrict__ w, const double* __restrict__ x, int r) {
  const double xr = x[r];
  double s = 0.0;
  for (int64_t k = row_ptr[r]; k < row_ptr[r + 1]; ++k) {
    const double d = xr - x[col[k]];
    s += w[k] * d * d;
  }
  return 0.5 * s;
}

__device__ double row_energy(const CsrView& A, const double* __restrict__ x, int r) {
  double s = 0.0;
  const double xr = x[r];
  for (int64_t k = A.begin(r); k < A.end(r); ++k) {
    const double d = xr - x[A.col[k]];
    s += A.weight(k) * d * d;
  }
  return 0.5 * s;
}

__global__ void laplacian_energy(CsrView A, const double* __restrict__ x, double* __restrict__ out) {
  __shared__ double red[BLOCK];
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  red[threadIdx.x] = r < A.n ? row_energy(A, x, r) : 0.0;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, red[0]);
}
