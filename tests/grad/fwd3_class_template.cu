// cuad: fwd --fn kt
// cuad: --fn kt
// A class template Vec<T, N> with operator[] (const and non-const) and a dot method, function
// templates recursing on a non-type parameter ended by `if constexpr` (pw<N>, csum<N>).
// 2: the same kernel in reverse mode.
template <typename T, int N> struct Vec {
  T v[N];
  __device__ T& operator[](int i) { return v[i]; }
  __device__ const T& operator[](int i) const { return v[i]; }
  __device__ T dot(const Vec& o) const { T s = 0; for (int i = 0; i < N; ++i) s += v[i] * o.v[i]; return s; }
};
template <int N> __device__ double csum(const double* x) {
  if constexpr (N == 1) return x[0];
  else return x[N - 1] + csum<N - 1>(x);
}
template <int N> __device__ double pw(double x) {
  if constexpr (N == 0) return 1.0;
  else return x * pw<N - 1>(x);
}
__global__ void kt(int n, const double* x, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Vec<double, 3> a, b;
  for (int k = 0; k < 3; ++k) { a[k] = x[3 * i + k]; b[k] = pw<2>(x[3 * i + k]); }
  y[i] = a.dot(b) + pw<3>(x[3 * i]) + csum<3>(x + 3 * i);
}
