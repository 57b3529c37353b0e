// cuad: --fn corot_triangle_forces --wrt x,rest_inv,k_stretch,f,energy
// cuad: fwd --fn corot_triangle_forces --wrt x,rest_inv,k_stretch,f,energy
// In-plane cloth elasticity on triangles (corotated linear FEM, 2-D material space), with a
// Mat2 written in a "value semantics" style: operator* takes its left operand by value and
// scales it in place, a free operator*= returns a reference, the polar decomposition returns
// a struct whose member is read straight off the call, the rotation is chosen with a ternary
// between two Mat2 values (reflection fix for inverted triangles), and the three corner
// positions sit in a local array of structs that is re-centred in a loop. Forces are
// scattered with atomicAdd; the energy is summed into one scalar with atomicAdd.
#include <cuda_runtime.h>

struct Mat2 {
  double a, b, c, d;
};
struct Vec2 {
  double x, y;
};

__device__ inline Mat2 operator*(Mat2 A, double s) {
  A.a *= s;
  A.b *= s;
  A.c *= s;
  A.d *= s;
  return A;
}
__device__ inline Mat2& operator*=(Mat2& A, double s) {
  A.a *= s;
  A.b *= s;
  A.c *= s;
  A.d *= s;
  return A;
}
__device__ inline Mat2 operator*(const Mat2& A, const Mat2& B) {
  return Mat2{A.a * B.a + A.b * B.c, A.a * B.b + A.b * B.d, A.c * B.a + A.d * B.c, A.c * B.b + A.d * B.d};
}
__device__ inline Mat2 operator-(const Mat2& A, const Mat2& B) { return Mat2{A.a - B.a, A.b - B.b, A.c - B.c, A.d - B.d}; }
__device__ inline Mat2 transposed(const Mat2& A) { return Mat2{A.a, A.c, A.b, A.d}; }

struct Polar {
  Mat2 R;
  double J;
};

__device__ Polar polar2(const Mat2& F) {
  const double x = F.a + F.d, y = F.c - F.b;
  const double inv = 1.0 / sqrt(x * x + y * y);
  return Polar{Mat2{x * inv, -y * inv, y * inv, x * inv}, F.a * F.d - F.b * F.c};
}

// 3-D positions projected to the triangle's own frame (first edge along u)
__device__ Mat2 deformation(const Vec2 (&p)[3], const Mat2& rest_inv) {
  const Mat2 Ds{p[1].x - p[0].x, p[2].x - p[0].x, p[1].y - p[0].y, p[2].y - p[0].y};
  return Ds * rest_inv;
}

__global__ void corot_triangle_forces(int nt, const int* __restrict__ tri, const double* __restrict__ x,
                                      const double* __restrict__ rest_inv, const double* __restrict__ area,
                                      double k_stretch, double* f, double* energy) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nt) return;
  Vec2 p[3];
  for (int a = 0; a < 3; ++a) p[a] = Vec2{x[2 * tri[3 * t + a]], x[2 * tri[3 * t + a] + 1]};
  // re-centre on the centroid (forces are translation invariant; keeps numbers small)
  const double cx = (p[0].x + p[1].x + p[2].x) / 3.0, cy = (p[0].y + p[1].y + p[2].y) / 3.0;
  for (int a = 0; a < 3; ++a) p[a] = Vec2{p[a].x - cx, p[a].y - cy};
  const Mat2 Bm{rest_inv[4 * t], rest_inv[4 * t + 1], rest_inv[4 * t + 2], rest_inv[4 * t + 3]};
  const Mat2 F = deformation(p, Bm);
  const double J = polar2(F).J;
  const Mat2 Rp = polar2(F).R;
  const Mat2 Rflip{Rp.a, -Rp.b, Rp.c, -Rp.d};
  const Mat2 R = J > 0.0 ? Rp : Rflip;
  const Mat2 E = F - R;
  Mat2 P = E * (2.0 * k_stretch);
  P *= area[t];
  const Mat2 H = P * transposed(Bm);
  // forces on corners 1, 2 are the columns of -H, corner 0 balances them
  const double fx1 = -H.a, fy1 = -H.c, fx2 = -H.b, fy2 = -H.d;
  const int v0 = tri[3 * t], v1 = tri[3 * t + 1], v2 = tri[3 * t + 2];
  atomicAdd(&f[2 * v1], fx1);
  atomicAdd(&f[2 * v1 + 1], fy1);
  atomicAdd(&f[2 * v2], fx2);
  atomicAdd(&f[2 * v2 + 1], fy2);
  atomicAdd(&f[2 * v0], -(fx1 + fx2));
  atomicAdd(&f[2 * v0 + 1], -(fy1 + fy2));
  atomicAdd(energy, area[t] * k_stretch * (E.a * E.a + E.b * E.b + E.c * E.c + E.d * E.d));
}
