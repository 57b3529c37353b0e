// cuad: --fn k
// cuad: fwd --fn k
// Overloaded function templates resolved as C++ does: the more specialized template wins a
// tie (`energy(const Sym3<T>&)` over `energy(const M&)`, `scaled(T*, T)` over `scaled(T, U)`),
// a template on another class template is no candidate (`norm2(const Vec<D>&)` for a
// `Mat<2>`), and a template on a row array (`sum(const double (&)[N])`) none for a 2-D one.
template <class T>
struct Sym3 {
  T m[6];
};
template <int D>
struct Vec {
  double e[D];
};
template <int D>
struct Mat {
  double m[D][D];
};
template <class M>
__device__ double energy(const M& A) {
  return A.m[0] * A.m[0];
}
template <class T>
__device__ T energy(const Sym3<T>& A) {
  T s = 0;
  for (int i = 0; i < 6; ++i) s += (i < 3 ? 1.0 : 2.0) * A.m[i] * A.m[i];
  return s;
}
template <class T, class U>
__device__ T scaled(T a, U b) {
  return a * b;
}
template <class T>
__device__ T scaled(T* a, T b) {
  return a[0] * b * 3.0;
}
template <int D>
__device__ double norm2(const Vec<D>& v) {
  double s = 0.0;
  for (int i = 0; i < D; ++i) s += v.e[i] * v.e[i];
  return s;
}
template <int D>
__device__ double norm2(const Mat<D>& A) {
  double s = 0.0;
  for (int i = 0; i < D; ++i) s += A.m[i][i] * A.m[i][i];
  return s;
}
template <int N>
__device__ double sum(const double (&v)[N]) {
  double s = 0.0;
  for (int i = 0; i < N; ++i) s += v[i];
  return s;
}
template <int N>
__device__ double sum(const double (&A)[N][N]) {
  double s = 0.0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) s += A[i][j] * (i + 1);
  return s;
}
__global__ void k(const double* x, double* out) {
  Sym3<double> A;
  for (int i = 0; i < 6; ++i) A.m[i] = x[i];
  double y[1] = {x[1]};
  Mat<2> M;
  for (int i = 0; i < 4; ++i) M.m[i / 2][i % 2] = x[i + 2];
  double r[3] = {x[0], x[1] * x[2], x[3]};
  out[0] = energy(A) + scaled(y, x[2]) + scaled(x[3], 2);
  out[1] = norm2(M) * sum(r) + sum(M.m);
}
