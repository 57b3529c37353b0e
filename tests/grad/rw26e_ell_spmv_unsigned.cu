// cuad: --fn ell_spmv<float,unsigned> --wrt vals,x,y
// cuad: --fn ell_row_residual_sq --wrt A,x,b
// cuad: fwd --fn ell_spmv<float,unsigned> --wrt vals,x,y
// ELLPACK sparse matrix-vector product with padded slots stored column-major
// (slot k of row i at k * num_rows + i, so consecutive threads read consecutive words).
// Padding slots carry the sentinel column 0xffffffff and the row loop stops at the first
// one (rows are left-packed). The matrix is a small view struct passed by value; indices are
// unsigned. y = alpha * A x + beta * y in place. A __host__ __device__ helper computes the
// squared residual of one row, (b_i - (A x)_i)^2, reading through the same view.
#include <cuda_runtime.h>

#define ELL_EMPTY 0xffffffffu

template <typename T, typename I>
struct EllView {
  const I* cols;   // [max_per_row * num_rows]
  const T* vals;   // same layout
  I num_rows;
  I max_per_row;
};

template <typename T, typename I>
__device__ __forceinline__ T ell_row_dot(const I* __restrict__ cols, const T* __restrict__ vals,
                                         const T* __restrict__ x, I row, I num_rows, I max_per_row) {
  T sum = T(0);
  for (I k = 0; k < max_per_row; ++k) {
    const I idx = k * num_rows + row;
    const I c = __ldg(&cols[idx]);
    if (c == ELL_EMPTY) break;
    sum += __ldg(&vals[idx]) * __ldg(&x[c]);
  }
  return sum;
}

template <typename T, typename I>
__global__ void ell_spmv(const I num_rows, const I max_per_row, const I* __restrict__ cols,
                         const T* __restrict__ vals, const T* __restrict__ x, const T alpha,
                         const T beta, T* __restrict__ y) {
  const I row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= num_rows) return;
  const T ax = ell_row_dot<T, I>(cols, vals, x, row, num_rows, max_per_row);
  y[row] = alpha * ax + beta * y[row];
}

__host__ __device__ double ell_row_residual_sq(EllView<double, unsigned> A, const double* x,
                                               const double* b, unsigned row) {
  double r = b[row];
  unsigned k = 0;
  while (k < A.max_per_row) {
    const unsigned idx = k * A.num_rows + row;
    if (A.cols[idx] == ELL_EMPTY) break;
    r -= A.vals[idx] * x[A.cols[idx]];
    ++k;
  }
  return r * r;
}
