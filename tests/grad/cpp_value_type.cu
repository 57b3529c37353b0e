// cuad: --fn rownorm --wrt y,x
// cuad: --fn rownorm_t<Vec<double,3>> --wrt y,x
// `typename V::value_type` and `using T = typename V::value_type;` in device function
// templates whose `V` is a class template instance (`Vec<double, 3>`), also as the return
// type and through a member constant `V::size`; a kernel template over `V`.
template <typename T, int N>
struct Vec {
  using value_type = T;
  typedef T scalar;
  static constexpr int size = N;
  T c[N];
};

template <typename V>
__device__ typename V::value_type norm2(const V& v) {
  using T = typename V::value_type;
  T s = T(0);
  for (int k = 0; k < V::size; ++k) s += v.c[k] * v.c[k];
  return s;
}

template <typename V>
__device__ void scale(V& v, typename V::scalar a) {
  typedef typename V::value_type T;
  for (int k = 0; k < V::size; ++k) v.c[k] = v.c[k] * a + T(1);
}

__global__ void rownorm(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Vec<double, 3> v;
    for (int k = 0; k < 3; ++k) v.c[k] = x[3 * i + k];
    scale(v, x[3 * i]);
    y[i] = norm2(v) * y[i];
  }
}

template <typename V>
__global__ void rownorm_t(typename V::value_type* y, const typename V::value_type* x, int n) {
  using T = typename V::value_type;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    V v;
    for (int k = 0; k < V::size; ++k) v.c[k] = x[V::size * i + k];
    T s = norm2(v);
    y[i] = s * y[i];
  }
}
