// cuad: --fn stable_neo_hookean_energy
// cuad: fwd --fn stable_neo_hookean_PK1
// cuad: --fn element_forces_energy --wrt F,Dm_inv_T,lame,forces,energy
// Stable Neo-Hookean (Smith, de Goes, Kim 2018) on 3x3 deformation gradients: a Mat3 struct
// with call-operator element access (const and non-const), free operator overloads, the
// cofactor matrix as dJ/dF (no inverse, safe for inverted elements), the energy density
// psi = mu/2 (I_C - 3) + lam/2 (J - alpha)^2 - mu/2 log(I_C + 1) and its first Piola stress.
// Output 1 is the energy's gradient as a __device__ function (called per element by the
// user's kernel), output 2 the stress's pushforward (a struct return), output 3 an element
// kernel computing the nodal force matrix H = -V P Dm^-T and the energy per element.
#include <cuda_runtime.h>

struct Mat3 {
  double m[9];
  __device__ double operator()(int i, int j) const { return m[3 * i + j]; }
  __device__ double& operator()(int i, int j) { return m[3 * i + j]; }
};

__device__ Mat3 operator+(const Mat3& A, const Mat3& B) {
  Mat3 R;
  for (int k = 0; k < 9; ++k) R.m[k] = A.m[k] + B.m[k];
  return R;
}
__device__ Mat3 operator*(double s, const Mat3& A) {
  Mat3 R;
  for (int k = 0; k < 9; ++k) R.m[k] = s * A.m[k];
  return R;
}
__device__ Mat3 operator*(const Mat3& A, const Mat3& B) {
  Mat3 R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double s = 0.0;
      for (int k = 0; k < 3; ++k) s += A(i, k) * B(k, j);
      R(i, j) = s;
    }
  return R;
}

__device__ double ddot(const Mat3& A, const Mat3& B) {
  double s = 0.0;
  for (int k = 0; k < 9; ++k) s += A.m[k] * B.m[k];
  return s;
}

__device__ double det3(const Mat3& F) {
  return F(0, 0) * (F(1, 1) * F(2, 2) - F(1, 2) * F(2, 1)) - F(0, 1) * (F(1, 0) * F(2, 2) - F(1, 2) * F(2, 0)) +
         F(0, 2) * (F(1, 0) * F(2, 1) - F(1, 1) * F(2, 0));
}

// dJ/dF: the columns of F crossed pairwise.
__device__ Mat3 cofactor(const Mat3& F) {
  Mat3 C;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      C(i, j) = F(i1, j1) * F(i2, j2) - F(i1, j2) * F(i2, j1);
    }
  return C;
}

__device__ double stable_neo_hookean_energy(const Mat3& F, double mu, double lam) {
  const double Ic = ddot(F, F);
  const double J = det3(F);
  const double alpha = 1.0 + mu / lam - mu / (4.0 * lam);
  const double dJ = J - alpha;
  return 0.5 * mu * (Ic - 3.0) + 0.5 * lam * dJ * dJ - 0.5 * mu * log(Ic + 1.0);
}

__device__ Mat3 stable_neo_hookean_PK1(const Mat3& F, double mu, double lam) {
  const double Ic = ddot(F, F);
  const double J = det3(F);
  const double alpha = 1.0 + mu / lam - mu / (4.0 * lam);
  return (mu * (1.0 - 1.0 / (Ic + 1.0))) * F + (lam * (J - alpha)) * cofactor(F);
}

struct Lame {
  double mu, lam;
};

__global__ void element_forces_energy(int ne, const double* __restrict__ F, const double* __restrict__ Dm_inv_T,
                                      const double* __restrict__ vol, Lame lame, double* __restrict__ forces,
                                      double* __restrict__ energy) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= ne) return;
  Mat3 Fe, B;
  for (int k = 0; k < 9; ++k) {
    Fe.m[k] = F[9 * e + k];
    B.m[k] = Dm_inv_T[9 * e + k];
  }
  const Mat3 P = stable_neo_hookean_PK1(Fe, lame.mu, lame.lam);
  const Mat3 H = (-vol[e]) * (P * B);
  for (int k = 0; k < 9; ++k) forces[9 * e + k] = H.m[k];
  energy[e] = vol[e] * stable_neo_hookean_energy(Fe, lame.mu, lame.lam);
}
