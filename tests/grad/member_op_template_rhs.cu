// cuad: --fn k --wrt x,out
// cuad: fwd --fn k
// A member operator+= of a class template whose right-hand side is a free operator template
// (`y += 0.5 * z`): the type of `0.5 * z` is the operator's return type `Vec<T, N>` with T
// and N deduced from the operands (it was left as written, so `+=` could not be resolved).
template <typename T, int N>
struct Vec {
  T v[N];
  __device__ Vec& operator+=(const Vec& o) {
    for (int i = 0; i < N; ++i) v[i] += o.v[i];
    return *this;
  }
};
template <typename T, int N>
__device__ Vec<T, N> operator*(T s, Vec<T, N> a) {
  for (int i = 0; i < N; ++i) a.v[i] *= s;
  return a;
}
__global__ void k(const double* x, double* out) {
  Vec<double, 2> y, z;
  y.v[0] = x[0];
  y.v[1] = x[1];
  z.v[0] = x[1];
  z.v[1] = x[0];
  y += 0.5 * z;
  out[0] = y.v[0] * y.v[1];
}
