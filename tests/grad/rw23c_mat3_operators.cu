// cuad: --fn neo_hookean_stress --wrt F,params,P,psi
// cuad: fwd --fn neo_hookean_stress --wrt F,params,P,psi
// Compressible neo-Hookean elasticity per element, written against a user 3x3 matrix type:
// a `static constexpr int N` member sizes its 2-D array field; `operator()(i, j)` comes in a
// const overload returning a const reference and a non-const one returning a reference that
// the kernel assigns through; compound `+=` / `*=` members return *this; a static member
// function builds the identity; free operators (matrix product, scalar times matrix,
// difference) and free helpers (determinant, cofactor matrix) take const references. The
// kernel returns the first Piola stress P = mu (F - F^-T) + lambda ln J F^-T and the energy
// density psi = mu/2 (tr F^T F - 3) - mu ln J + lambda/2 (ln J)^2.
#include <cuda_runtime.h>

struct Mat3 {
  static constexpr int N = 3;
  double a[N][N];
  __device__ double& operator()(int i, int j) { return a[i][j]; }
  __device__ const double& operator()(int i, int j) const { return a[i][j]; }
  __device__ Mat3& operator+=(const Mat3& o) {
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) a[i][j] += o.a[i][j];
    return *this;
  }
  __device__ Mat3& operator*=(double s) {
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) a[i][j] *= s;
    return *this;
  }
  __device__ Mat3 transpose() const {
    Mat3 t;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) t.a[i][j] = a[j][i];
    return t;
  }
  __device__ double trace() const { return a[0][0] + a[1][1] + a[2][2]; }
  static __device__ Mat3 identity() {
    Mat3 m;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) m.a[i][j] = i == j ? 1.0 : 0.0;
    return m;
  }
};

__device__ Mat3 operator*(const Mat3& A, const Mat3& B) {
  Mat3 C;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double s = 0.0;
      for (int k = 0; k < 3; ++k) s += A(i, k) * B(k, j);
      C(i, j) = s;
    }
  return C;
}

__device__ Mat3 operator*(double s, const Mat3& A) {
  Mat3 B = A;
  B *= s;
  return B;
}

__device__ Mat3 operator-(const Mat3& A, const Mat3& B) {
  Mat3 C = B;
  C *= -1.0;
  C += A;
  return C;
}

__device__ double det(const Mat3& A) {
  return A(0, 0) * (A(1, 1) * A(2, 2) - A(1, 2) * A(2, 1)) - A(0, 1) * (A(1, 0) * A(2, 2) - A(1, 2) * A(2, 0)) +
         A(0, 2) * (A(1, 0) * A(2, 1) - A(1, 1) * A(2, 0));
}

// cof(A) = det(A) A^-T
__device__ Mat3 cofactor(const Mat3& A) {
  Mat3 C;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const int i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      C(i, j) = A(i1, j1) * A(i2, j2) - A(i1, j2) * A(i2, j1);
    }
  return C;
}

struct NeoParams {
  double mu, lambda;
};

__global__ void neo_hookean_stress(const double* __restrict__ F, const NeoParams* __restrict__ params,
                                   double* __restrict__ P, double* __restrict__ psi, int n) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  Mat3 Fm;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) Fm(i, j) = F[9 * e + 3 * i + j];
  const NeoParams& prm = params[e % 2];
  const double J = det(Fm);
  const double logJ = log(J);
  Mat3 FinvT = cofactor(Fm);
  FinvT *= 1.0 / J;
  Mat3 Pm = prm.mu * (Fm - FinvT);
  Pm += (prm.lambda * logJ) * FinvT;
  const Mat3 C = Fm.transpose() * Fm;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) P[9 * e + 3 * i + j] = Pm(i, j);
  psi[e] = 0.5 * prm.mu * (C.trace() - Mat3::identity().trace()) - prm.mu * logJ + 0.5 * prm.lambda * logJ * logJ;
}
