// cuad: --fn spmv_csr_subwarp<4,16> --wrt Ax,x,y,alpha
// cuad: fwd --fn spmv_csr_subwarp<4,16>
// CUSP-style "CSR vector" SpMV with a sub-warp vector per row: THREADS_PER_VECTOR lanes
// share a row, the row bounds are staged through a per-vector slot of __shared__ memory
// (two lanes load row_ptr[row] and row_ptr[row + 1], __syncwarp, everyone reads), the
// lanes stride the row, and a width-limited __shfl_down_sync tree reduces each vector.
// A grid-stride loop over rows (VECTORS_PER_BLOCK * gridDim.x vectors), y = alpha*A x + beta*y.
#include <cuda_runtime.h>

template <int THREADS_PER_VECTOR, int VECTORS_PER_BLOCK>
__global__ void __launch_bounds__(THREADS_PER_VECTOR * VECTORS_PER_BLOCK)
spmv_csr_subwarp(const int num_rows, const int* __restrict__ Ap, const int* __restrict__ Aj,
                 const double* __restrict__ Ax, const double* __restrict__ x, double alpha,
                 double beta, double* __restrict__ y) {
  __shared__ int ptrs[VECTORS_PER_BLOCK][2];
  constexpr int THREADS_PER_BLOCK = VECTORS_PER_BLOCK * THREADS_PER_VECTOR;
  const int thread_id = THREADS_PER_BLOCK * blockIdx.x + threadIdx.x;
  const int thread_lane = threadIdx.x & (THREADS_PER_VECTOR - 1);  // lane within the vector
  const int vector_id = thread_id / THREADS_PER_VECTOR;             // global vector index
  const int vector_lane = threadIdx.x / THREADS_PER_VECTOR;         // vector within the block
  const int num_vectors = VECTORS_PER_BLOCK * gridDim.x;

  for (int row = vector_id; row < num_rows; row += num_vectors) {
    if (thread_lane < 2) ptrs[vector_lane][thread_lane] = Ap[row + thread_lane];
    __syncwarp();
    const int row_start = ptrs[vector_lane][0];
    const int row_end = ptrs[vector_lane][1];

    double sum = 0.0;
    for (int jj = row_start + thread_lane; jj < row_end; jj += THREADS_PER_VECTOR)
      sum += Ax[jj] * __ldg(&x[Aj[jj]]);

#pragma unroll
    for (int offset = THREADS_PER_VECTOR / 2; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, offset, THREADS_PER_VECTOR);

    if (thread_lane == 0) y[row] = alpha * sum + beta * y[row];
    __syncwarp();
  }
}
