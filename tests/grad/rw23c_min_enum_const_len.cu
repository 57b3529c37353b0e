// cuad: --fn k --wrt a,y
// Minimal: an anonymous-enum constant (`enum { kDim = 3 };`, old-style CUDA) as the length of
// a struct's array field, the struct returned by value from a helper. cuad refuses: "cannot
// accumulate the adjoint of the array `_d_r.c`: its length `kDim` is not a number here"
// (same family as rw23c_min_ns_const_len and rw23c_min_member_const_len).
enum { kDim = 3 };
struct P {
  double c[kDim];
};
__device__ double dot(const P& a, const P& b) {
  double s = 0;
  for (int d = 0; d < kDim; ++d) s += a.c[d] * b.c[d];
  return s;
}
__device__ P scaled(const P& a, double s) {
  P r;
  for (int d = 0; d < kDim; ++d) r.c[d] = a.c[d] * s;
  return r;
}
__global__ void k(const double* a, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  P p;
  for (int d = 0; d < kDim; ++d) p.c[d] = a[3 * i + d];
  const P q = scaled(p, p.c[0]);
  y[i] = dot(p, q);
}
