// cuad: --fn tiny_mlp --wrt x,W1,b1,W2,out
// cuad: fwd --fn tiny_mlp
// A per-point tiny MLP (NeRF / neural-SDF style: every thread runs a 3 -> 6 -> 2 network on its
// own point) written with small fixed-size linear-algebra class templates, the way such codes
// carry their own header instead of Eigen: `Vec<T, N>` with const and non-const operator[],
// a static `zero()`, member `operator+=` returning *this, free `operator+` / scalar
// `operator*` templates, a `Mat<T, R, C>` with `operator()(r, c)` and a matrix-vector
// `operator*`, range-for over the member array (`for (auto& e : a.v)`), `constexpr` sizes
// with static_assert, and a `__host__ __device__` activation applied element-wise.
// 2: the same kernel in forward mode.
#include <cuda_runtime.h>
#include <cmath>

template <typename T, int N>
struct Vec {
  static_assert(N > 0, "empty vector");
  T v[N];
  __host__ __device__ static Vec zero() {
    Vec r;
    for (int i = 0; i < N; ++i) r.v[i] = T(0);
    return r;
  }
  __host__ __device__ T& operator[](int i) { return v[i]; }
  __host__ __device__ const T& operator[](int i) const { return v[i]; }
  __host__ __device__ Vec& operator+=(const Vec& o) {
#pragma unroll
    for (int i = 0; i < N; ++i) v[i] += o.v[i];
    return *this;
  }
};

template <typename T, int N>
__host__ __device__ Vec<T, N> operator+(Vec<T, N> a, const Vec<T, N>& b) {
  a += b;
  return a;
}

template <typename T, int N>
__host__ __device__ Vec<T, N> operator*(T s, Vec<T, N> a) {
  for (auto& e : a.v) e *= s;
  return a;
}

template <typename T, int R, int C>
struct Mat {
  T m[R][C];
  __host__ __device__ T& operator()(int r, int c) { return m[r][c]; }
  __host__ __device__ const T& operator()(int r, int c) const { return m[r][c]; }
};

template <typename T, int R, int C>
__host__ __device__ Vec<T, R> operator*(const Mat<T, R, C>& A, const Vec<T, C>& x) {
  Vec<T, R> y = Vec<T, R>::zero();
#pragma unroll
  for (int r = 0; r < R; ++r)
#pragma unroll
    for (int c = 0; c < C; ++c) y[r] += A(r, c) * x[c];
  return y;
}

template <typename T>
__host__ __device__ inline T softplus(T z) { return log1p(exp(z)); }

template <typename T, int N>
__device__ Vec<T, N> softplus_v(Vec<T, N> a) {
  for (auto& e : a.v) e = softplus(e);
  return a;
}

constexpr int kIn = 3, kHidden = 6, kOut = 2;
static_assert(kHidden % 2 == 0, "hidden width must be even");

__global__ void tiny_mlp(const double* __restrict__ x, const double* __restrict__ W1,
                         const double* __restrict__ b1, const double* __restrict__ W2,
                         double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Mat<double, kHidden, kIn> A;
  Mat<double, kOut, kHidden> B;
  Vec<double, kHidden> bias;
  for (int r = 0; r < kHidden; ++r) {
    bias[r] = b1[r];
    for (int c = 0; c < kIn; ++c) A(r, c) = W1[r * kIn + c];
  }
  for (int r = 0; r < kOut; ++r)
    for (int c = 0; c < kHidden; ++c) B(r, c) = W2[r * kHidden + c];
  Vec<double, kIn> p;
  for (int c = 0; c < kIn; ++c) p[c] = x[i * kIn + c];
  const Vec<double, kHidden> h = softplus_v(A * p + bias);
  Vec<double, kOut> y = B * h;
  y += 0.5 * Vec<double, kOut>{{p[0], p[1] * p[2]}};  // skip connection
  for (int o = 0; o < kOut; ++o) out[i * kOut + o] = y[o];
}
