// cuad: --fn chol_gauss_nll --wrt S,r,L,nll
// cuad: fwd --fn chol_gauss_nll
// Per-measurement Gaussian negative log-likelihood, as a filter or a bundle adjuster
// evaluates it, one 4x4 covariance per thread: the lower triangle copied into a local 2-D
// array, an in-place Cholesky (a non-positive pivot writes NaN and returns early), log det
// from the diagonal, the residual whitened by forward substitution and written back over the
// residual in global memory, and the factor stored with its upper triangle zeroed.
#define NC 4

__device__ bool chol_inplace(double a[NC][NC]) {
  for (int j = 0; j < NC; ++j) {
    double d = a[j][j];
    for (int k = 0; k < j; ++k) d -= a[j][k] * a[j][k];
    if (d <= 0.0) return false;
    d = sqrt(d);
    a[j][j] = d;
    for (int i = j + 1; i < NC; ++i) {
      double s = a[i][j];
#pragma unroll
      for (int k = 0; k < j; ++k) s -= a[i][k] * a[j][k];
      a[i][j] = s / d;
    }
  }
  return true;
}

__global__ void chol_gauss_nll(int m, const double* S, double* r, double* L, double* nll) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= m) return;
  const double* St = S + t * NC * NC;
  double a[NC][NC];
  for (int i = 0; i < NC; ++i)
    for (int j = 0; j <= i; ++j) a[i][j] = St[i * NC + j];
  if (!chol_inplace(a)) {
    nll[t] = NAN;
    return;
  }
  double logdet = 0.0;
  for (int i = 0; i < NC; ++i) logdet += 2.0 * log(a[i][i]);
  double q = 0.0;
  for (int i = 0; i < NC; ++i) {
    double s = r[t * NC + i];
    for (int k = 0; k < i; ++k) s -= a[i][k] * r[t * NC + k];
    s /= a[i][i];
    r[t * NC + i] = s;  // whitened in place
    q += s * s;
  }
  for (int i = 0; i < NC; ++i)
    for (int j = 0; j < NC; ++j) L[t * NC * NC + i * NC + j] = j <= i ? a[i][j] : 0.0;
  nll[t] = 0.5 * q + 0.5 * logdet + 0.5 * NC * 1.8378770664093453;
}
