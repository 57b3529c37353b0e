// cuad: --fn k<2>
// Two function templates of one name on different class templates (Vec<D> and Mat<D>), the
// call needs the second: cuad does not resolve it (operator form refused as an unseen operator,
// named form refused with the array length D "not a number"), without the Vec overload both pass.
template <int D>
struct Vec {
  double e[D];
};
template <int D>
struct Mat {
  double m[D][D];
};
template <int D>
__device__ Vec<D> mul(double s, const Vec<D>& a) {
  Vec<D> r;
  for (int i = 0; i < D; ++i) r.e[i] = s * a.e[i];
  return r;
}
template <int D>
__device__ Mat<D> mul(const Mat<D>& A, const Mat<D>& B) {
  Mat<D> r;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) {
      double s = 0.0;
      for (int k = 0; k < D; ++k) s += A.m[i][k] * B.m[k][j];
      r.m[i][j] = s;
    }
  return r;
}
template <int D>
__global__ void k(const double* F, double* out) {
  Mat<D> A, B;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) {
      A.m[i][j] = F[i * D + j];
      B.m[i][j] = F[D * D + i * D + j];
    }
  const Mat<D> C = mul(A, B);
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) out[i * D + j] = C.m[i][j];
}
