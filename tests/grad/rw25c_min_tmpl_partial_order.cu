// cuad: --fn k
// cuad: fwd --fn k
// Two function templates of one name, a generic `energy(const M&)` and the more specialized
// `energy(const Mat<D>&)`: C++ calls the Mat<D> overload (partial ordering); cuad
// differentiates the generic body instead (grad and fwd, no diagnostic), so the gradient and
// the tangent (and the pushforward's value) are those of A00^2, not of |A|_F^2.
template <int D>
struct Mat {
  double m[D][D];
};
template <class M>
__device__ double energy(const M& A) {
  return A.m[0][0] * A.m[0][0];
}
template <int D>
__device__ double energy(const Mat<D>& A) {
  double s = 0.0;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) s += A.m[i][j] * A.m[i][j];
  return s;
}
__global__ void k(const double* x, double* out) {
  Mat<2> A;
  for (int i = 0; i < 4; ++i) A.m[i / 2][i % 2] = x[i];
  out[0] = energy(A);
}
