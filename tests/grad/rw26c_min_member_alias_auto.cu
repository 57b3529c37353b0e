// cuad: --fn k --wrt x,out
// cuad: fwd --fn k --wrt x,out
// Minimal repro: a class template with a member type alias (`using Vec = V2<S>;`) and a
// method returning it, whose result a kernel holds in an `auto` local. The generated
// gradient and pushforward declare that local as `V2<S> p;` with the template parameter `S`
// out of scope (g++/nvcc: "'S' was not declared in this scope"), and the gradient drops the
// derivative flowing through `p` (no adjoint of `p`, no pullback call of `tip`). Writing the
// type (`V2<double> p = ...`) works; so does a non-template Model with the same alias.
template <typename S>
struct V2 {
  S x, y;
};

template <typename S>
struct Model {
  using Vec = V2<S>;
  S len;
  __device__ Vec tip(S q) const { return Vec{len * cos(q), len * sin(q)}; }
};

__global__ void k(int n, const double* __restrict__ x, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Model<double> m{x[2 * i]};
  const auto p = m.tip(x[2 * i + 1]);
  out[i] = p.x * p.y;
}
