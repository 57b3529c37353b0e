// cuad: --fn nnz_split_spmv --wrt vals,x,y
// cuad: fwd --fn nnz_split_spmv --wrt vals,x,y
// Load-balanced ("nonzero-split", merge-path flavoured) CSR SpMV for matrices with very uneven
// rows: each thread takes a fixed chunk of CHUNK nonzeros, finds the row holding its first
// nonzero by binary search over row_ptr (upper_bound - 1), walks its nonzeros, and whenever
// it crosses a row end flushes the running sum with atomicAdd (rows split across threads
// get several partial sums) and advances past empty rows with a while loop. y += A x.
#include <cuda_runtime.h>

#define CHUNK 5

__device__ int row_of(const int* __restrict__ row_ptr, int n_rows, int k) {
  // largest r with row_ptr[r] <= k
  int lo = 0, hi = n_rows;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (row_ptr[mid] <= k) lo = mid;
    else hi = mid;
  }
  return lo;
}

__global__ void nnz_split_spmv(int n_rows, int nnz, const int* __restrict__ row_ptr, const int* __restrict__ col,
                               const float* __restrict__ vals, const float* __restrict__ x, float* y) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int k0 = tid * CHUNK;
  if (k0 >= nnz) return;
  const int k1 = min(k0 + CHUNK, nnz);
  int row = row_of(row_ptr, n_rows, k0);
  int row_end = row_ptr[row + 1];
  float sum = 0.0f;
  for (int k = k0; k < k1; ++k) {
    while (k >= row_end) {  // flush and move to the row that holds k
      if (sum != 0.0f) atomicAdd(&y[row], sum);
      sum = 0.0f;
      ++row;
      row_end = row_ptr[row + 1];
    }
    sum += vals[k] * __ldg(&x[col[k]]);
  }
  atomicAdd(&y[row], sum);
}
