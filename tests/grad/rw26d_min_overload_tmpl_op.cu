// cuad: --fn k --wrt m,x,y
// cuad: fwd --fn k --wrt m,x,y
// Minimal: a small matrix library with two operator* templates outside any class, matrix *
// matrix and matrix * vector (M<N> and V<N> class templates). Either operator alone works;
// with both declared, cuad refuses `A * A` and `A * b` with "cannot differentiate arithmetic
// on a struct whose operator it cannot see (friend operators of class templates are not
// modelled)", although the operators are free functions (forward mode: "without a
// user-defined operator (with a body)").
template <int N> struct M { double a[N][N]; };
template <int N> struct V { double v[N]; };

template <int N> __device__ M<N> operator*(const M<N>& A, const M<N>& B) {
  M<N> C;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0.0;
      for (int k = 0; k < N; ++k) s += A.a[i][k] * B.a[k][j];
      C.a[i][j] = s;
    }
  return C;
}
template <int N> __device__ V<N> operator*(const M<N>& A, const V<N>& x) {
  V<N> y;
  for (int i = 0; i < N; ++i) {
    double s = 0.0;
    for (int k = 0; k < N; ++k) s += A.a[i][k] * x.v[k];
    y.v[i] = s;
  }
  return y;
}

__global__ void k(const double* m, const double* x, double* y) {
  M<2> A;
  V<2> b;
  for (int i = 0; i < 2; ++i) {
    b.v[i] = x[i];
    for (int j = 0; j < 2; ++j) A.a[i][j] = m[2 * i + j];
  }
  A = A * A;
  b = A * b;
  y[0] = b.v[0] + b.v[1];
}
