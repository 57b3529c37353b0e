// cuad: --fn corotated_stress --wrt F,mu,lam,P,psi
// cuad: fwd --fn corotated_stress --wrt F,mu,lam,P,psi
// cuad: --fn fixed_corotated_psi
// Fixed-corotated elasticity in 3-D with the rotation from Higham's scaled Newton iteration
// for the polar decomposition (R <- (g R + R^-T / g) / 2, g = (|R^-1|_F / |R|_F)^(1/2)), which
// stops when the update is small: a loop that overwrites a struct and breaks on a
// data-dependent test. Mat3 carries member functions (transpose, det, inverse via the
// adjugate, Frobenius norm), a member operator* and a static identity().
// Output 3 is the energy density as a __device__ function.
// psi = mu |F - R|^2 + lam/2 (J - 1)^2, P = 2 mu (F - R) + lam (J - 1) J F^-T.
#include <cuda_runtime.h>

struct Mat3 {
  double a[3][3];

  __device__ static Mat3 identity() {
    Mat3 I;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) I.a[i][j] = i == j ? 1.0 : 0.0;
    return I;
  }
  __device__ Mat3 transpose() const {
    Mat3 T;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) T.a[i][j] = a[j][i];
    return T;
  }
  __device__ double det() const {
    return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
           a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  }
  __device__ Mat3 inverse() const {
    Mat3 r;
    const double inv_det = 1.0 / det();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const int i1 = (j + 1) % 3, i2 = (j + 2) % 3, j1 = (i + 1) % 3, j2 = (i + 2) % 3;
        r.a[i][j] = (a[i1][j1] * a[i2][j2] - a[i1][j2] * a[i2][j1]) * inv_det;
      }
    return r;
  }
  __device__ double norm2() const {
    double s = 0.0;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) s += a[i][j] * a[i][j];
    return s;
  }
  __device__ Mat3 operator*(const Mat3& B) const {
    Mat3 r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r.a[i][j] = a[i][0] * B.a[0][j] + a[i][1] * B.a[1][j] + a[i][2] * B.a[2][j];
    return r;
  }
};

__device__ Mat3 polar_rotation(const Mat3& F, int max_iters, double tol) {
  Mat3 R = F;
  for (int it = 0; it < max_iters; ++it) {
    const Mat3 Rit = R.inverse().transpose();
    const double g = sqrt(sqrt(Rit.norm2() / R.norm2()));
    double change = 0.0;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const double r = 0.5 * (g * R.a[i][j] + Rit.a[i][j] / g);
        change += (r - R.a[i][j]) * (r - R.a[i][j]);
        R.a[i][j] = r;
      }
    if (change < tol * tol) break;
  }
  return R;
}

__device__ double fixed_corotated_psi(const Mat3& F, double mu, double lam) {
  const Mat3 R = polar_rotation(F, 20, 1e-13);
  double dev = 0.0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) dev += (F.a[i][j] - R.a[i][j]) * (F.a[i][j] - R.a[i][j]);
  const double J = F.det();
  return mu * dev + 0.5 * lam * (J - 1.0) * (J - 1.0);
}

__global__ void corotated_stress(int n, const double* __restrict__ F, double mu, double lam, double* __restrict__ P,
                                 double* __restrict__ psi) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  Mat3 Fp;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) Fp.a[i][j] = F[9 * p + 3 * i + j];
  const Mat3 R = polar_rotation(Fp, 20, 1e-13);
  const double J = Fp.det();
  const Mat3 FinvT = Fp.inverse().transpose();
  double dev = 0.0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const double d = Fp.a[i][j] - R.a[i][j];
      dev += d * d;
      P[9 * p + 3 * i + j] = 2.0 * mu * d + lam * (J - 1.0) * J * FinvT.a[i][j];
    }
  psi[p] = mu * dev + 0.5 * lam * (J - 1.0) * (J - 1.0);
}
