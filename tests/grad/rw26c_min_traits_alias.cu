// cuad: --fn k2 --wrt x,out
// cuad: fwd --fn k2 --wrt x,out
// Minimal repro: a class template takes its vector type from a traits class (Pinocchio
// style: `using Tr = Traits<S>; using Vec = typename Tr::Vec;`) and a kernel keeps a method's
// result in an `auto` local. cuad refuses: "cuad cannot tell whether `p` (of type `Tr::Vec`,
// which cuad does not know) carries the derivative of the value assigned to it" (both
// modes). Writing `V2<double> p = ...` works.
template <typename S>
struct V2 {
  S x, y;
};
template <typename S>
struct Traits {
  using Vec = V2<S>;
};

template <typename S>
struct ModelT {
  using Tr = Traits<S>;
  using Vec = typename Tr::Vec;
  S len;
  __device__ Vec tip(S q) const { return Vec{len * cos(q), len * sin(q)}; }
};

__global__ void k2(int n, const double* __restrict__ x, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ModelT<double> m{x[2 * i]};
  const auto p = m.tip(x[2 * i + 1]);
  out[i] = p.x * p.y;
}
