// cuad: --fn k --wrt x,y
// Minimal: a struct whose array field is sized by a `static constexpr int N` member, built in
// a __device__ helper that returns it by value. cuad refuses: "cannot accumulate the adjoint
// of the array `_d_r.a`: its length `N` is not a number here" (same family as
// rw23c_min_ns_const_len: constants other than global ones or literals in array bounds).
struct V {
  static constexpr int N = 3;
  double a[N];
};
__device__ V twice(const V& v) {
  V r;
  for (int i = 0; i < 3; ++i) r.a[i] = 2.0 * v.a[i];
  return r;
}
__global__ void k(const double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  V v;
  for (int j = 0; j < 3; ++j) v.a[j] = x[3 * i + j];
  const V r = twice(v);
  y[i] = r.a[0] * r.a[1] + r.a[2];
}
