// cuad: --fn kalman_nll --wrt nll,xf,obs,q,r,x0
// Per-series Kalman filter (constant-velocity model, 2x2 state covariance in local 2-D arrays)
// computing the Gaussian negative log-likelihood of the innovations: predict with F P F^T + Q
// through small matrix helpers taking 2-D arrays, update with the Kalman gain, Joseph-free
// covariance update. One series per thread; q and r are learned noise scales.
#define NS 2

__device__ void mat_mul(const double A[NS][NS], const double B[NS][NS], double C[NS][NS]) {
  for (int i = 0; i < NS; ++i)
    for (int j = 0; j < NS; ++j) {
      double s = 0.0;
      for (int k = 0; k < NS; ++k) s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

__device__ void mat_mul_bt(const double A[NS][NS], const double B[NS][NS], double C[NS][NS]) {
  for (int i = 0; i < NS; ++i)
    for (int j = 0; j < NS; ++j) {
      double s = 0.0;
      for (int k = 0; k < NS; ++k) s += A[i][k] * B[j][k];
      C[i][j] = s;
    }
}

__global__ void kalman_nll(double* __restrict__ nll, double* __restrict__ xf,
                           const double* __restrict__ obs, const double* __restrict__ x0,
                           double q, double r, double dt, int n_t, int n_series) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n_series) return;
  double F[NS][NS] = {{1.0, dt}, {0.0, 1.0}};
  double Q[NS][NS] = {{q * dt * dt * dt / 3.0, q * dt * dt / 2.0},
                      {q * dt * dt / 2.0, q * dt}};
  double x[NS] = {x0[2 * s], x0[2 * s + 1]};
  double P[NS][NS] = {{1.0, 0.0}, {0.0, 1.0}};
  double tmp[NS][NS], Pp[NS][NS];
  double acc = 0.0;
  for (int t = 0; t < n_t; ++t) {
    // predict
    double xp0 = F[0][0] * x[0] + F[0][1] * x[1];
    double xp1 = F[1][0] * x[0] + F[1][1] * x[1];
    mat_mul(F, P, tmp);
    mat_mul_bt(tmp, F, Pp);
    for (int i = 0; i < NS; ++i)
      for (int j = 0; j < NS; ++j) Pp[i][j] += Q[i][j];
    // update with H = [1 0]
    const double innov = obs[s * n_t + t] - xp0;
    const double S = Pp[0][0] + r;
    const double K0 = Pp[0][0] / S, K1 = Pp[1][0] / S;
    x[0] = xp0 + K0 * innov;
    x[1] = xp1 + K1 * innov;
    P[0][0] = (1.0 - K0) * Pp[0][0];
    P[0][1] = (1.0 - K0) * Pp[0][1];
    P[1][0] = Pp[1][0] - K1 * Pp[0][0];
    P[1][1] = Pp[1][1] - K1 * Pp[0][1];
    acc += 0.5 * (log(2.0 * 3.141592653589793 * S) + innov * innov / S);
  }
  nll[s] = acc;
  xf[2 * s] = x[0];
  xf[2 * s + 1] = x[1];
}
