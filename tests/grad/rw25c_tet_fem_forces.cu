// cuad: --fn tet_fem_forces --wrt x,Dm_inv,mu,lam,f,total_energy
// cuad: fwd --fn tet_fem_forces --wrt x,mu,lam,f,total_energy
// Linear tetrahedral FEM with a compressible Neo-Hookean material, one thread per element:
// positions are double3 with helper_math-style operators, matrices a struct of three double3
// columns. F = Ds Dm^-1, F^-T from the cofactor matrix, P = mu (F - F^-T) + lam log(J) F^-T,
// the nodal forces H = -V P Dm^-T are scattered to the element's four vertices with atomicAdd
// (f0 = -(f1 + f2 + f3)), and the elastic energy is reduced over the warp with
// __shfl_down_sync and added to one global scalar by lane 0.
#include <cuda_runtime.h>

__device__ inline double3 operator+(double3 a, double3 b) { return make_double3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ inline double3 operator-(double3 a, double3 b) { return make_double3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ inline double3 operator*(double s, double3 a) { return make_double3(s * a.x, s * a.y, s * a.z); }
__device__ inline double dot(double3 a, double3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ inline double3 cross(double3 a, double3 b) {
  return make_double3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

struct Mat33 {
  double3 c0, c1, c2;  // columns
};

__device__ inline double3 row(const Mat33& A, int i) {
  return i == 0 ? make_double3(A.c0.x, A.c1.x, A.c2.x)
                : (i == 1 ? make_double3(A.c0.y, A.c1.y, A.c2.y) : make_double3(A.c0.z, A.c1.z, A.c2.z));
}

__device__ inline double3 operator*(const Mat33& A, double3 v) { return v.x * A.c0 + v.y * A.c1 + v.z * A.c2; }

__device__ inline Mat33 operator*(const Mat33& A, const Mat33& B) { return Mat33{A * B.c0, A * B.c1, A * B.c2}; }

// A B^T = sum_k a_k b_k^T over columns
__device__ Mat33 mul_transpose(const Mat33& A, const Mat33& B) {
  const double3 r0 = row(B, 0), r1 = row(B, 1), r2 = row(B, 2);
  return Mat33{A * r0, A * r1, A * r2};
}

__device__ Mat33 load_mat(const double* p) {
  return Mat33{make_double3(p[0], p[3], p[6]), make_double3(p[1], p[4], p[7]), make_double3(p[2], p[5], p[8])};
}

__global__ void tet_fem_forces(int nt, const int4* __restrict__ tets, const double3* __restrict__ x,
                               const double* __restrict__ Dm_inv, const double* __restrict__ rest_vol, double mu,
                               double lam, double3* f, double* total_energy) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  double psi_e = 0.0;
  if (t < nt) {
    const int4 tet = tets[t];
    const double3 x0 = x[tet.x];
    const Mat33 Ds{x[tet.y] - x0, x[tet.z] - x0, x[tet.w] - x0};
    const Mat33 Bm = load_mat(Dm_inv + 9 * t);
    const Mat33 F = Ds * Bm;
    // cofactor matrix: columns are crosses of the other columns
    const Mat33 cof{cross(F.c1, F.c2), cross(F.c2, F.c0), cross(F.c0, F.c1)};
    const double J = dot(F.c0, cof.c0);
    const double logJ = log(J);
    const double Ic = dot(F.c0, F.c0) + dot(F.c1, F.c1) + dot(F.c2, F.c2);
    const double s = (lam * logJ - mu) / J;
    const Mat33 P{mu * F.c0 + s * cof.c0, mu * F.c1 + s * cof.c1, mu * F.c2 + s * cof.c2};
    const double V = rest_vol[t];
    const Mat33 H = mul_transpose(P, Bm);
    const double3 f1 = (-V) * H.c0, f2 = (-V) * H.c1, f3 = (-V) * H.c2;
    const double3 f0 = (-1.0) * (f1 + f2 + f3);
    const int vid[4] = {tet.x, tet.y, tet.z, tet.w};
    const double3 fv[4] = {f0, f1, f2, f3};
    for (int a = 0; a < 4; ++a) {
      atomicAdd(&f[vid[a]].x, fv[a].x);
      atomicAdd(&f[vid[a]].y, fv[a].y);
      atomicAdd(&f[vid[a]].z, fv[a].z);
    }
    psi_e = V * (0.5 * mu * (Ic - 3.0) - mu * logJ + 0.5 * lam * logJ * logJ);
  }
  for (int off = 16; off > 0; off >>= 1) psi_e += __shfl_down_sync(0xffffffffu, psi_e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(total_energy, psi_e);
}
