// cuad: --fn p2g_apic --wrt x,v,C,F,prm,grid_mv,grid_m
// cuad: fwd --fn p2g_apic --wrt x,v,C,F,grid_mv,grid_m
// 2-D MLS-MPM particle-to-grid transfer (the 88-line MLS-MPM layout): each particle scatters
// mass and APIC momentum to the 3x3 nodes of its quadratic B-spline stencil with atomicAdd.
// The stress is fixed-corotated, with the rotation of the polar decomposition in closed form
// (no SVD): R = [[c, -s], [s, c]] with (c, s) proportional to (F00 + F11, F10 - F01). Vectors
// and matrices are small structs with operator overloads; material constants and the time
// step in a parameter struct passed by value (its adjoint receives d/d mu, d/d lambda, ...).
#include <cuda_runtime.h>

#define NG 8  // grid nodes per side

struct Vec2 {
  double x, y;
};
struct Mat2 {
  double a, b, c, d;  // [[a, b], [c, d]]
};

__device__ inline Vec2 operator+(Vec2 p, Vec2 q) { return Vec2{p.x + q.x, p.y + q.y}; }
__device__ inline Vec2 operator*(double s, Vec2 p) { return Vec2{s * p.x, s * p.y}; }
__device__ inline Mat2 operator+(Mat2 A, Mat2 B) { return Mat2{A.a + B.a, A.b + B.b, A.c + B.c, A.d + B.d}; }
__device__ inline Mat2 operator-(Mat2 A, Mat2 B) { return Mat2{A.a - B.a, A.b - B.b, A.c - B.c, A.d - B.d}; }
__device__ inline Mat2 operator*(double s, Mat2 A) { return Mat2{s * A.a, s * A.b, s * A.c, s * A.d}; }
__device__ inline Mat2 operator*(Mat2 A, Mat2 B) {
  return Mat2{A.a * B.a + A.b * B.c, A.a * B.b + A.b * B.d, A.c * B.a + A.d * B.c, A.c * B.b + A.d * B.d};
}
__device__ inline Vec2 operator*(Mat2 A, Vec2 v) { return Vec2{A.a * v.x + A.b * v.y, A.c * v.x + A.d * v.y}; }
__device__ inline Mat2 transpose(Mat2 A) { return Mat2{A.a, A.c, A.b, A.d}; }
__device__ inline double det(Mat2 A) { return A.a * A.d - A.b * A.c; }

__device__ Mat2 polar_rotation(Mat2 F) {
  const double x = F.a + F.d, y = F.c - F.b;
  const double inv = rsqrt(x * x + y * y);
  const double c = x * inv, s = y * inv;
  return Mat2{c, -s, s, c};
}

// Kirchhoff stress tau = P F^T of the fixed-corotated model.
__device__ Mat2 fixed_corotated_kirchhoff(Mat2 F, double mu, double lam) {
  const Mat2 R = polar_rotation(F);
  const double J = det(F);
  Mat2 tau = (2.0 * mu) * ((F - R) * transpose(F));
  const double p = lam * (J - 1.0) * J;
  tau.a += p;
  tau.d += p;
  return tau;
}

struct MPMParams {
  double dx, inv_dx, dt, p_vol, p_mass, mu, lam;
};

__global__ void p2g_apic(int n, const Vec2* __restrict__ x, const Vec2* __restrict__ v,
                         const Mat2* __restrict__ C, const Mat2* __restrict__ F, MPMParams prm,
                         Vec2* grid_mv, double* grid_m) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  const Vec2 xp = x[p];
  const int bx = (int)(xp.x * prm.inv_dx - 0.5), by = (int)(xp.y * prm.inv_dx - 0.5);
  const double fx = xp.x * prm.inv_dx - bx, fy = xp.y * prm.inv_dx - by;
  const double wx[3] = {0.5 * (1.5 - fx) * (1.5 - fx), 0.75 - (fx - 1.0) * (fx - 1.0), 0.5 * (fx - 0.5) * (fx - 0.5)};
  const double wy[3] = {0.5 * (1.5 - fy) * (1.5 - fy), 0.75 - (fy - 1.0) * (fy - 1.0), 0.5 * (fy - 0.5) * (fy - 0.5)};
  const double k = -prm.dt * prm.p_vol * 4.0 * prm.inv_dx * prm.inv_dx;
  const Mat2 affine = k * fixed_corotated_kirchhoff(F[p], prm.mu, prm.lam) + prm.p_mass * C[p];
  const Vec2 mv = prm.p_mass * v[p];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Vec2 dpos{(i - fx) * prm.dx, (j - fy) * prm.dx};
      const double w = wx[i] * wy[j];
      const int node = (bx + i) * NG + (by + j);
      const Vec2 mom = w * (mv + affine * dpos);
      atomicAdd(&grid_mv[node].x, mom.x);
      atomicAdd(&grid_mv[node].y, mom.y);
      atomicAdd(&grid_m[node], w * prm.p_mass);
    }
  }
}
