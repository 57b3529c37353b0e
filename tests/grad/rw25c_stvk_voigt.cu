// cuad: --fn stvk_particle_energy --wrt F,v,mat,energy
// cuad: fwd --fn stvk_particle_energy --wrt F,v,mat,energy
// St. Venant-Kirchhoff energy with the Green strain kept in Voigt storage (6 entries, a
// symmetric tensor type), as a small tensor library writes it: a generic `sqnorm` for dense
// storage (vectors, full matrices: the sum of squares of `m[0..size)`) and a more specialized
// overload for SymMat<D> that counts the off-diagonal entries twice. C++ overload resolution
// picks the SymMat overload for the strain. Per particle: E = (F^T F - I) / 2,
// psi = mu |E|^2 + lam/2 tr(E)^2, plus the kinetic energy m |v|^2 / 2 (generic overload).
#include <cuda_runtime.h>

template <int N>
struct Vec {
  static constexpr int size = N;
  double m[N];
};

// a symmetric D x D tensor: the D diagonal entries, then the D (D - 1) / 2 off-diagonal ones
template <int D>
struct SymMat {
  static constexpr int size = D * (D + 1) / 2;
  double m[D * (D + 1) / 2];  // 3-D: xx, yy, zz, yz, xz, xy
};

// dense storage: every stored entry once
template <class V>
__device__ double sqnorm(const V& a) {
  double s = 0.0;
  for (int k = 0; k < V::size; ++k) s += a.m[k] * a.m[k];
  return s;
}

// symmetric storage: the off-diagonal entries stand for two entries each
template <int D>
__device__ double sqnorm(const SymMat<D>& S) {
  double diag = 0.0, off = 0.0;
  for (int k = 0; k < D; ++k) diag += S.m[k] * S.m[k];
  for (int k = D; k < SymMat<D>::size; ++k) off += S.m[k] * S.m[k];
  return diag + 2.0 * off;
}

template <int D>
__device__ double trace(const SymMat<D>& S) {
  double t = 0.0;
  for (int k = 0; k < D; ++k) t += S.m[k];
  return t;
}

__device__ SymMat<3> green_strain(const double* F) {
  // C_ij = sum_k F_ki F_kj
  auto C = [&](int i, int j) { return F[i] * F[j] + F[3 + i] * F[3 + j] + F[6 + i] * F[6 + j]; };
  SymMat<3> E;
  E.m[0] = 0.5 * (C(0, 0) - 1.0);
  E.m[1] = 0.5 * (C(1, 1) - 1.0);
  E.m[2] = 0.5 * (C(2, 2) - 1.0);
  E.m[3] = 0.5 * C(1, 2);
  E.m[4] = 0.5 * C(0, 2);
  E.m[5] = 0.5 * C(0, 1);
  return E;
}

struct Material {
  double mu, lam, density;
};

__global__ void stvk_particle_energy(int n, const double* __restrict__ F, const double* __restrict__ v,
                                     const double* __restrict__ vol, Material mat, double* __restrict__ energy) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  const SymMat<3> E = green_strain(F + 9 * p);
  Vec<3> vp;
  for (int d = 0; d < 3; ++d) vp.m[d] = v[3 * p + d];
  const double tr = trace(E);
  const double psi = mat.mu * sqnorm(E) + 0.5 * mat.lam * tr * tr;
  energy[p] = vol[p] * (psi + 0.5 * mat.density * sqnorm(vp));
}
