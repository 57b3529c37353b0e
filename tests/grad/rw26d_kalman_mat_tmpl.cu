// cuad: --fn kalman_smooth_loss<3> --wrt obs,qdiag,rvar,xout
// cuad: fwd --fn kalman_smooth_loss<3> --wrt obs,qdiag,rvar,xout
// A small fixed-size matrix library (templated on the state dimension, arrays inside a
// struct, operators returning matrices by value, a transpose helper) used by a batched
// Kalman filter for a random-walk-plus-trend model (position, velocity, acceleration) with
// diagonal process noise: one thread per track, F from a per-track dt, x and P updated in
// place every step (P = F P F^T + Q, then the scalar update P -= K H P), and the filtered
// positions written out. Gradients w.r.t. the observations, the process-noise diagonal,
// the measurement variance and the output.
// cuad refuses both outputs: the two operator* templates (Mat*Mat, Mat*Vec) are overloads it
// cannot resolve (rw26d_min_overload_tmpl_op); renaming Mat*Vec to a function passes both.
#include <cuda_runtime.h>

template <int N>
struct Mat {
  double a[N][N];
};

template <int N>
struct Vec {
  double v[N];
};

template <int N>
__device__ Mat<N> operator*(const Mat<N>& A, const Mat<N>& B) {
  Mat<N> C;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0.0;
      for (int k = 0; k < N; ++k) s += A.a[i][k] * B.a[k][j];
      C.a[i][j] = s;
    }
  return C;
}

template <int N>
__device__ Vec<N> operator*(const Mat<N>& A, const Vec<N>& x) {
  Vec<N> y;
  for (int i = 0; i < N; ++i) {
    double s = 0.0;
    for (int k = 0; k < N; ++k) s += A.a[i][k] * x.v[k];
    y.v[i] = s;
  }
  return y;
}

template <int N>
__device__ Mat<N> transpose(const Mat<N>& A) {
  Mat<N> T;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) T.a[i][j] = A.a[j][i];
  return T;
}

template <int N>
__device__ Mat<N> transition(double dt) {
  Mat<N> F;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) F.a[i][j] = 0.0;
  double c = 1.0;
  for (int k = 0; k < N; ++k) {  // F[i][i+k] = dt^k / k!
    for (int i = 0; i + k < N; ++i) F.a[i][i + k] = c;
    c *= dt / (k + 1);
  }
  return F;
}

template <int N>
__global__ void kalman_smooth_loss(const double* __restrict__ obs, const double* __restrict__ dts,
                                   const double* __restrict__ qdiag, double rvar, int n_tracks,
                                   int T, double* __restrict__ xout) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n_tracks) return;
  const Mat<N> F = transition<N>(dts[k]);
  const Mat<N> Ft = transpose(F);
  Vec<N> x;
  Mat<N> P;
  for (int i = 0; i < N; ++i) {
    x.v[i] = 0.0;
    for (int j = 0; j < N; ++j) P.a[i][j] = (i == j) ? 1.0 : 0.0;
  }
  x.v[0] = obs[k * T];
  for (int t = 0; t < T; ++t) {
    x = F * x;
    P = F * P * Ft;
    for (int i = 0; i < N; ++i) P.a[i][i] += qdiag[i];
    const double S = P.a[0][0] + rvar;
    const double innov = obs[k * T + t] - x.v[0];
    double K[N], hp[N];
    for (int i = 0; i < N; ++i) {
      K[i] = P.a[i][0] / S;
      hp[i] = P.a[0][i];
    }
    for (int i = 0; i < N; ++i) {
      x.v[i] += K[i] * innov;
      for (int j = 0; j < N; ++j) P.a[i][j] -= K[i] * hp[j];
    }
    xout[k * T + t] = x.v[0];
  }
}
