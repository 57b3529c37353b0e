// cuad: --fn gauss_nll --wrt nll,cov,resid
// Batched multivariate Gaussian negative log-likelihood (Kalman-filter innovation terms): a
// grid-stride loop over samples; each loads its 3x3 covariance into a local 2-D array that a
// helper factorizes in place (Cholesky), then log det from the diagonal and the Mahalanobis
// term by forward substitution. Double precision.
#define DIM 3

__device__ void chol_inplace(double a[DIM][DIM]) {
  for (int j = 0; j < DIM; ++j) {
    double d = a[j][j];
    for (int k = 0; k < j; ++k) d -= a[j][k] * a[j][k];
    d = sqrt(d);
    a[j][j] = d;
    for (int i = j + 1; i < DIM; ++i) {
      double s = a[i][j];
      for (int k = 0; k < j; ++k) s -= a[i][k] * a[j][k];
      a[i][j] = s / d;
    }
  }
}

__global__ void gauss_nll(double* nll, const double* __restrict__ cov,
                          const double* __restrict__ resid, int batch) {
  for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < batch; t += blockDim.x * gridDim.x) {
    double L[DIM][DIM];
    for (int i = 0; i < DIM; ++i)
      for (int j = 0; j < DIM; ++j) L[i][j] = cov[(t * DIM + i) * DIM + j];
    chol_inplace(L);
    double logdet = 0.0, maha = 0.0;
    double z[DIM];
    for (int i = 0; i < DIM; ++i) {
      double s = resid[t * DIM + i];
      for (int k = 0; k < i; ++k) s -= L[i][k] * z[k];
      z[i] = s / L[i][i];
      maha += z[i] * z[i];
      logdet += 2.0 * log(L[i][i]);
    }
    nll[t] = 0.5 * (maha + logdet + DIM * 1.8378770664093453);
  }
}
