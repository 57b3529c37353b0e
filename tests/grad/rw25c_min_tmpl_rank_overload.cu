// cuad: --fn k
// cuad: fwd --fn k
// Two function templates `sqnorm` overloaded on the rank of an array reference
// (double (&)[N] and double (&)[N][N]): reverse mode emits only the rank-1 pullback template
// and calls it with the 2-D array (nvcc/g++: no instance matches); forward mode says `sqnorm`
// "has no body here".
template <int N>
__device__ double sqnorm(const double (&v)[N]) {
  double s = 0.0;
  for (int i = 0; i < N; ++i) s += v[i] * v[i];
  return s;
}
template <int N>
__device__ double sqnorm(const double (&A)[N][N]) {
  double s = 0.0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) s += A[i][j] * A[i][j];
  return s;
}
__global__ void k(const double* x, double* out) {
  double v[3], A[2][2];
  for (int i = 0; i < 3; ++i) v[i] = x[i];
  for (int i = 0; i < 4; ++i) A[i / 2][i % 2] = x[3 + i];
  out[0] = sqnorm(v) + 2.0 * sqnorm(A);
}
