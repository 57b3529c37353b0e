// cuad: --fn coo_spmv --wrt vals,x,y
// COO sparse matrix-vector product y += A x in float: a grid-stride loop over the nonzeros,
// duplicate (row, col) entries allowed, atomicAdd into y.
#include <cuda_runtime.h>

__global__ void coo_spmv(int nnz, const int* __restrict__ rows, const int* __restrict__ cols,
                         const float* __restrict__ vals, const float* __restrict__ x, float* y) {
  for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += gridDim.x * blockDim.x) {
    atomicAdd(&y[rows[k]], vals[k] * __ldg(x + cols[k]));
  }
}
