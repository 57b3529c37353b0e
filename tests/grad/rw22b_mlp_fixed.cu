// cuad: --fn mlp_forward<double,3,5,2> --wrt W1,b1,W2,b2,x,y
// cuad: fwd --fn mlp_forward<float,2,4,3> --wrt W1,b1,W2,b2,x,y
// Written for cuad in the style of tiny-cuda-nn / per-thread MLP evaluators: fixed-size
// `Vec<T, N>` and `Mat<T, R, C>` class templates (member `value_type` / `static constexpr`
// sizes, a const `operator()(r, c)`), a templated matrix-vector product `operator*` under
// `#pragma unroll` returning `Vec<T, R>`, `operator+`, an element-wise `map` taking a functor
// by const reference, a softplus activation whose body picks `std::log1p` / `std::exp`
// overloads of T, weights loaded through a helper templated on the matrix type (`load<M>`),
// `auto` locals everywhere. Each thread evaluates y = W2 softplus(W1 x + b1) + b2 for one
// sample; the weights are shared by every sample.
#include <cmath>

namespace tiny {

template <typename T, int N>
struct Vec {
  using value_type = T;
  static constexpr int size = N;
  T v[N];
};

template <typename T, int R, int C>
struct Mat {
  using value_type = T;
  static constexpr int rows = R;
  static constexpr int cols = C;
  T a[R * C];
  __device__ constexpr T operator()(int r, int c) const { return a[r * C + c]; }
};

template <typename T, int R, int C>
__device__ Vec<T, R> operator*(const Mat<T, R, C>& m, const Vec<T, C>& x) {
  Vec<T, R> y{};
#pragma unroll
  for (int r = 0; r < R; ++r)
#pragma unroll
    for (int c = 0; c < C; ++c) y.v[r] += m(r, c) * x.v[c];
  return y;
}

template <typename T, int N>
__device__ Vec<T, N> operator+(const Vec<T, N>& a, const Vec<T, N>& b) {
  Vec<T, N> r;
#pragma unroll
  for (int k = 0; k < N; ++k) r.v[k] = a.v[k] + b.v[k];
  return r;
}

template <typename V, typename F>
__device__ V map(const V& a, const F& f) {
  V r;
#pragma unroll
  for (int k = 0; k < V::size; ++k) r.v[k] = f(a.v[k]);
  return r;
}

template <typename M>
__device__ M load(const typename M::value_type* p) {
  M m;
#pragma unroll
  for (int k = 0; k < M::rows * M::cols; ++k) m.a[k] = p[k];
  return m;
}

template <typename V>
__device__ V load_vec(const typename V::value_type* p) {
  V r;
#pragma unroll
  for (int k = 0; k < V::size; ++k) r.v[k] = p[k];
  return r;
}

struct Softplus {
  template <typename T>
  __device__ T operator()(T z) const {
    return std::log1p(std::exp(z));
  }
};

}  // namespace tiny

template <typename T, int IN, int HID, int OUT>
__global__ void mlp_forward(const T* __restrict__ W1, const T* __restrict__ b1,
                            const T* __restrict__ W2, const T* __restrict__ b2,
                            const T* __restrict__ x, T* __restrict__ y, int n) {
  using namespace tiny;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const auto m1 = load<Mat<T, HID, IN>>(W1);
  const auto m2 = load<Mat<T, OUT, HID>>(W2);
  const auto xi = load_vec<Vec<T, IN>>(x + IN * i);
  const auto h = map(m1 * xi + load_vec<Vec<T, HID>>(b1), Softplus{});
  const auto o = m2 * h + load_vec<Vec<T, OUT>>(b2);
#pragma unroll
  for (int k = 0; k < OUT; ++k) y[OUT * i + k] = o.v[k];
}
