// cuad: --fn k_columns
// cuad: fwd --fn k_columns
// Helpers that return a pointer into memory they are given, as column-physics and solver
// codes address per-column slices: `base + c * n`, `&base[c * NZ]`, a local offset, a const
// and a non-const version, a method of a view struct returning its field plus an offset, one
// helper's result passed to another, a helper's result indexed and dereferenced directly, and
// a column updated in place through helpers. The pointers they return carry derivatives:
// their adjoints (tangents) are the same addresses in the adjoint (tangent) buffers.
#include <cuda_runtime.h>
#define NZ 6

__device__ __forceinline__ double* col_ptr(double* base, int c, int n) { return base + c * n; }
__device__ __forceinline__ const double* ccol_ptr(const double* base, int c, int n) {
  return base + c * n;
}
__device__ const double* elem_ptr(const double* base, int c) { return &base[c * NZ]; }
// A local offset before the return; `k` defaults to the column's bottom.
__device__ double* level_ptr(double* base, int c, int k = 0) {
  int off = c * NZ;
  return base + off + k;
}
// One level up: a helper applied to another's result.
__device__ double* above(double* p) { return p + 1; }

struct View {
  const double* base;
  int n;
  __device__ const double* col(int c) const { return base + c * n; }
};

__global__ void k_columns(const double* __restrict__ in, View coef, double* __restrict__ out,
                          double* __restrict__ acc, double a, int ncol) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  const double* src = ccol_ptr(in, c, NZ);
  const double* w = coef.col(c);
  const double* t = elem_ptr(in, c);
  double* dst = col_ptr(out, c, NZ);
  for (int k = 0; k < NZ; ++k) dst[k] = a * src[k] * w[k] + t[(k + 1) % NZ];
  // In place, bottom to top: each level times the one below it, plus the input.
  for (int k = 1; k < NZ; ++k) {
    *level_ptr(acc, c, k) = *level_ptr(acc, c, k) * col_ptr(acc, c, NZ)[k - 1] + src[k];
  }
  *above(level_ptr(acc, c)) += a * *level_ptr(acc, c);
}
