// cuad: --fn visco_stvk_energy --wrt F,L,mat,energy
// cuad: fwd --fn visco_stvk_energy --wrt F,L,mat,energy
// A Kelvin-Voigt viscoelastic energy rate per particle with a small tensor library: dense
// matrices Mat<R, C> and symmetric matrices SymMat<D> that keep only their upper triangle up
// to date (the strain routines skip the lower half). A generic `sqnorm(const M&)` sums the
// squares of all R x C entries; the more specialized `sqnorm(const SymMat<D>&)` reads the
// upper triangle and doubles the off-diagonal part. C++ picks the SymMat overload for the
// Green strain E = (F^T F - I)/2 and the generic one for the velocity gradient L:
// psi = mu |E|^2 + lam/2 tr(E)^2 + eta |sym L|^2 with sym L also a SymMat.
#include <cuda_runtime.h>

template <int R, int C>
struct Mat {
  static constexpr int rows = R, cols = C;
  double m[R][C];
};

template <int D>
struct SymMat {
  static constexpr int rows = D, cols = D;
  double m[D][D];  // only i <= j is meaningful
};

template <class M>
__device__ double sqnorm(const M& A) {
  double s = 0.0;
  for (int i = 0; i < M::rows; ++i)
    for (int j = 0; j < M::cols; ++j) s += A.m[i][j] * A.m[i][j];
  return s;
}

template <int D>
__device__ double sqnorm(const SymMat<D>& S) {
  double s = 0.0;
  for (int i = 0; i < D; ++i) {
    s += S.m[i][i] * S.m[i][i];
    for (int j = i + 1; j < D; ++j) s += 2.0 * S.m[i][j] * S.m[i][j];
  }
  return s;
}

template <int D>
__device__ double trace(const SymMat<D>& S) {
  double t = 0.0;
  for (int i = 0; i < D; ++i) t += S.m[i][i];
  return t;
}

template <int D>
__device__ SymMat<D> green_strain(const Mat<D, D>& F) {
  SymMat<D> E;
  for (int i = 0; i < D; ++i)
    for (int j = i; j < D; ++j) {
      double c = 0.0;
      for (int k = 0; k < D; ++k) c += F.m[k][i] * F.m[k][j];
      E.m[i][j] = 0.5 * (c - (i == j ? 1.0 : 0.0));
    }
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < i; ++j) E.m[i][j] = 0.0;  // lower half unused
  return E;
}

template <int D>
__device__ SymMat<D> sym_part(const Mat<D, D>& L) {
  SymMat<D> S;
  for (int i = 0; i < D; ++i)
    for (int j = 0; j < D; ++j) S.m[i][j] = j >= i ? 0.5 * (L.m[i][j] + L.m[j][i]) : 0.0;
  return S;
}

struct ViscoMaterial {
  double mu, lam, eta;
};

__global__ void visco_stvk_energy(int n, const double* __restrict__ F, const double* __restrict__ L,
                                  ViscoMaterial mat, double* __restrict__ energy) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  Mat<3, 3> Fp, Lp;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      Fp.m[i][j] = F[9 * p + 3 * i + j];
      Lp.m[i][j] = L[9 * p + 3 * i + j];
    }
  const SymMat<3> E = green_strain<3>(Fp);
  const double tr = trace(E);
  const double rate = mat.eta * sqnorm(sym_part<3>(Lp));
  energy[p] = mat.mu * sqnorm(E) + 0.5 * mat.lam * tr * tr + rate + 0.01 * sqnorm(Lp);
}
