// cuad: --fn sell_spmv<8> --wrt vals,x,y
// cuad: fwd --fn sell_spmv<8> --wrt vals,x,y
// SELL-C-sigma SpMV (Kreutzer et al.; the format of GHOST / Ginkgo's sellp): rows are sorted by
// length within windows of sigma rows, grouped into slices of C rows, and each slice is
// stored column-major and padded to its longest row; padding entries carry column -1 and are
// skipped. One thread per (sorted) row; the result goes back to the row's original position
// through the permutation: y[perm[r]] = alpha * sum + y[perm[r]] (an in-place update).
// The slice's width is read through a small struct view of the format.
#include <cuda_runtime.h>

struct SellView {
  const int* slice_ptr;  // start of each slice in col/val
  const int* slice_len;  // padded width of each slice
  const int* col;        // -1 for padding
  const int* perm;       // sorted row -> original row
};

template <int C>
__device__ inline int sell_index(const SellView& A, int slice, int j, int lane) {
  return A.slice_ptr[slice] + j * C + lane;
}

template <int C>
__global__ void sell_spmv(int n_rows, SellView A, const double* __restrict__ vals,
                          const double* __restrict__ x, double alpha, double* __restrict__ y) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n_rows) return;
  const int slice = r / C, lane = r % C;
  const int width = A.slice_len[slice];
  double sum = 0.0;
  for (int j = 0; j < width; ++j) {
    const int k = sell_index<C>(A, slice, j, lane);
    const int c = A.col[k];
    if (c < 0) continue;
    sum += vals[k] * x[c];
  }
  const int orig = A.perm[r];
  y[orig] = alpha * sum + y[orig];
}
