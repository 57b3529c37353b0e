// cuad: --fn kalman_nll --wrt z,q,r,nll
// cuad: --fn kf_step --wrt x,P,z,q,r
// Maximum-likelihood tuning of a constant-velocity Kalman filter (tracking / sensor fusion):
// one thread per time series, state (position, velocity) and covariance in local arrays,
// predict with F = [[1, dt], [0, 1]] and process noise q * [[dt^3/3, dt^2/2], [dt^2/2, dt]],
// update with a scalar position measurement of variance r; the covariance is updated in
// place (Joseph-free form, P -= K H P), observations may be missing (NaN-free mask array),
// and each series adds its innovation negative log-likelihood into one total with atomicAdd.
// Gradients w.r.t. the observations and the noise parameters q and r.
#include <cuda_runtime.h>
#include <math.h>

#define LOG_2PI 1.8378770664093453

// One predict + update step; returns the step's NLL contribution (0 when the sample is missing).
__device__ double kf_step(double* x, double (*P)[2], double z, bool observed, double dt, double q, double r) {
  // predict
  x[0] = x[0] + dt * x[1];
  const double p00 = P[0][0] + dt * (P[1][0] + P[0][1]) + dt * dt * P[1][1];
  const double p01 = P[0][1] + dt * P[1][1];
  const double p11 = P[1][1];
  P[0][0] = p00 + q * dt * dt * dt / 3.0;
  P[0][1] = p01 + q * dt * dt / 2.0;
  P[1][0] = P[0][1];
  P[1][1] = p11 + q * dt;
  if (!observed) return 0.0;
  // update, H = [1, 0]
  const double innov = z - x[0];
  const double S = P[0][0] + r;
  double K[2];
  K[0] = P[0][0] / S;
  K[1] = P[1][0] / S;
  x[0] += K[0] * innov;
  x[1] += K[1] * innov;
  const double hp0 = P[0][0], hp1 = P[0][1];
  for (int i = 0; i < 2; ++i) {
    P[i][0] -= K[i] * hp0;
    P[i][1] -= K[i] * hp1;
  }
  return 0.5 * (log(S) + innov * innov / S + LOG_2PI);
}

__global__ void kalman_nll(const double* __restrict__ z, const unsigned char* __restrict__ mask,
                           int n_series, int T, double dt, double q, double r, double p0,
                           double* __restrict__ nll) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n_series) return;
  double x[2] = {z[s * T], 0.0};
  double P[2][2] = {{p0, 0.0}, {0.0, p0}};
  double acc = 0.0;
  for (int t = 1; t < T; ++t) {
    const bool obs = mask[s * T + t] != 0;
    acc += kf_step(x, P, z[s * T + t], obs, dt, q, r);
  }
  atomicAdd(nll, acc);
}
