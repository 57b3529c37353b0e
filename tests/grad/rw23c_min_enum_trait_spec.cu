// cuad: --fn k --wrt a,y
// Minimal: trait dispatch through explicit specializations of a class template over an enum
// value (`template <> struct ActFn<Act::Softplus> { static __device__ double apply(...) }`).
// cuad refuses: "cannot tell which specialization of class template `ActFn` it calls (one
// cuad cannot read, more than one partial specialization matching, ...)". The same
// specializations over `int` values (`ActFn<1>`) or tag types (`ActFn<SoftTag>`) work; a
// plain `enum` fails like `enum class`.
enum class Act { Tanh, Softplus };
template <Act A>
struct ActFn;
template <>
struct ActFn<Act::Tanh> {
  static __device__ double apply(double v) { return tanh(v); }
};
template <>
struct ActFn<Act::Softplus> {
  static __device__ double apply(double v) { return log1p(exp(v)); }
};
__global__ void k(const double* a, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = ActFn<Act::Softplus>::apply(a[i]) + ActFn<Act::Tanh>::apply(2.0 * a[i]);
}
