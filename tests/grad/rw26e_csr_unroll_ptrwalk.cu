// cuad: --fn csr_spmv_unroll4<double,int64_t> --wrt val,x,y
// cuad: --fn csr_spmvT_walk --wrt val,x,y
// cuad: fwd --fn csr_spmv_unroll4<double,int64_t> --wrt val,x,y
// Two hand-tuned CSR kernels in the style of older sparse libraries.
// csr_spmv_unroll4: y = A x + y with a grid-stride loop over rows in 64-bit arithmetic; the
// row is processed four entries at a time into four independent partial sums, then a
// remainder loop continues from where the unrolled loop stopped (the index survives the
// first loop).
// csr_spmvT_walk: y += A^T x by scattering each row with atomicAdd, walking the row with
// post-incremented pointers into the column and value arrays (C style), in a do-while loop.
#include <cuda_runtime.h>
#include <cstdint>

template <typename T, typename I>
__global__ void csr_spmv_unroll4(const I num_rows, const I* __restrict__ row_ptr, const I* __restrict__ col,
                                 const T* __restrict__ val, const T* __restrict__ x, T* __restrict__ y) {
  const I stride = static_cast<I>(blockDim.x) * gridDim.x;
  for (I row = static_cast<I>(blockIdx.x) * blockDim.x + threadIdx.x; row < num_rows; row += stride) {
    const I end = row_ptr[row + 1];
    I k = row_ptr[row];
    T s0 = T(0), s1 = T(0), s2 = T(0), s3 = T(0);
    for (; k + 4 <= end; k += 4) {
      s0 += val[k] * __ldg(&x[col[k]]);
      s1 += val[k + 1] * __ldg(&x[col[k + 1]]);
      s2 += val[k + 2] * __ldg(&x[col[k + 2]]);
      s3 += val[k + 3] * __ldg(&x[col[k + 3]]);
    }
    for (; k < end; ++k) s0 += val[k] * __ldg(&x[col[k]]);
    y[row] += (s0 + s1) + (s2 + s3);
  }
}

__global__ void csr_spmvT_walk(int num_rows, const int* __restrict__ row_ptr, const int* __restrict__ col,
                               const double* __restrict__ val, const double* __restrict__ x, double* y) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= num_rows) return;
  const int len = row_ptr[row + 1] - row_ptr[row];
  if (len == 0) return;
  const double xr = x[row];
  const int* cp = col + row_ptr[row];
  const double* vp = val + row_ptr[row];
  int left = len;
  do {
    atomicAdd(&y[*cp++], *vp++ * xr);
  } while (--left > 0);
}
