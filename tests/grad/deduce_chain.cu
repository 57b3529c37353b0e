// cuad: fwd --fn k
// cuad: --fn k --wrt x,out
// A function template called on another template's result (`total(scaled(p))`): the inner
// call's type is its declared return type `V<T, R>` with the values deduced for the call
// (`R = 2`), so the outer callee's instance is `total<double, 2>`, not one over `R`. The
// second call passes the length explicitly (`first<1>(...)`).
template <typename T, int N>
struct V {
  T v[N];
};

template <typename T, int R>
__device__ V<T, R> scaled(V<T, R> a) {
  for (int i = 0; i < R; ++i) a.v[i] *= a.v[i];
  return a;
}

template <int M, typename T>
__device__ V<T, M> first(const T* x) {
  V<T, M> r;
  for (int i = 0; i < M; ++i) r.v[i] = x[i];
  return r;
}

template <typename T, int N>
__device__ T total(V<T, N> a) {
  T s = 0;
  for (int i = 0; i < N; ++i) s += a.v[i];
  return s;
}

__global__ void k(const double* x, double* out) {
  V<double, 2> p;
  p.v[0] = x[0];
  p.v[1] = x[1];
  out[0] = total(scaled(p));
  out[1] = total(scaled(first<3>(x))) * x[1];
}
