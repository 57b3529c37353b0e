// cuad: --fn update_deformation --wrt C,F,Jp,F_out,Jp_out,stress
// cuad: fwd --fn update_deformation --wrt C,F,Jp,F_out,Jp_out,stress
// The per-particle constitutive part of the 88-line MLS-MPM (fluid / jelly / snow): the
// deformation gradient is advanced with the APIC velocity gradient, F <- (I + dt C) F, then
// an SVD-free-looking closed-form 2x2 SVD (polar rotation, then the symmetric eigenproblem of
// S with half the atan2 angle) returned as a struct and unpacked with a structured binding;
// a switch on the material: fluid resets F to sqrt(J) I, snow clamps the singular values into
// [1 - 2.5e-2, 1 + 4.5e-3] and transfers the lost volume to the plastic Jp, with hardening
// exp(10 (1 - Jp)); jelly is soft and elastic. Output: the new F, Jp and the fixed-corotated
// Kirchhoff stress 2 mu (F - U V^T) F^T + lam J (J - 1) I, scaled by -dt vol 4 / dx^2.
#include <cuda_runtime.h>

struct Mat2 {
  double a, b, c, d;
};
__device__ inline Mat2 operator*(const Mat2& A, const Mat2& B) {
  return Mat2{A.a * B.a + A.b * B.c, A.a * B.b + A.b * B.d, A.c * B.a + A.d * B.c, A.c * B.b + A.d * B.d};
}
__device__ inline Mat2 operator-(const Mat2& A, const Mat2& B) { return Mat2{A.a - B.a, A.b - B.b, A.c - B.c, A.d - B.d}; }
__device__ inline Mat2 transpose(const Mat2& A) { return Mat2{A.a, A.c, A.b, A.d}; }
__device__ inline Mat2 diag(double x, double y) { return Mat2{x, 0.0, 0.0, y}; }

struct Svd2 {
  Mat2 U;
  double2 sig;
  Mat2 V;
};

__device__ Svd2 svd2(const Mat2& F) {
  // polar: F = R S
  const double x = F.a + F.d, y = F.c - F.b;
  const double r = sqrt(x * x + y * y);
  const double c = x / r, s = y / r;
  const Mat2 R{c, -s, s, c};
  const Mat2 S = transpose(R) * F;
  // S = V diag(sig) V^T
  const double th = 0.5 * atan2(2.0 * S.b, S.a - S.d);
  const double ct = cos(th), st = sin(th);
  const Mat2 V{ct, -st, st, ct};
  const double s0 = ct * ct * S.a + 2.0 * ct * st * S.b + st * st * S.d;
  const double s1 = st * st * S.a - 2.0 * ct * st * S.b + ct * ct * S.d;
  return Svd2{R * V, make_double2(s0, s1), V};
}

enum Material { Fluid = 0, Jelly = 1, Snow = 2 };

__global__ void update_deformation(int n, const int* __restrict__ material, const double* __restrict__ C,
                                   const double* __restrict__ F, const double* __restrict__ Jp, double dt,
                                   double E, double nu, double p_vol, double dx, double* __restrict__ F_out,
                                   double* __restrict__ Jp_out, double* __restrict__ stress) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  const double* c = C + 4 * p;
  const Mat2 A{1.0 + dt * c[0], dt * c[1], dt * c[2], 1.0 + dt * c[3]};
  Mat2 Fn = A * Mat2{F[4 * p], F[4 * p + 1], F[4 * p + 2], F[4 * p + 3]};
  double jp = Jp[p];
  const double mu0 = E / (2.0 * (1.0 + nu)), lam0 = E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu));
  double h = exp(10.0 * (1.0 - jp));
  const int mat = material[p];
  if (mat == Jelly) h = 0.3;
  double mu = mu0 * h;
  const double lam = lam0 * h;
  if (mat == Fluid) mu = 0.0;
  auto [U, sig, V] = svd2(Fn);
  double J = 1.0;
  switch (mat) {
    case Snow: {
      const double s0 = fmin(fmax(sig.x, 1.0 - 2.5e-2), 1.0 + 4.5e-3);
      const double s1 = fmin(fmax(sig.y, 1.0 - 2.5e-2), 1.0 + 4.5e-3);
      jp *= (sig.x * sig.y) / (s0 * s1);
      sig = make_double2(s0, s1);
      Fn = U * diag(s0, s1) * transpose(V);
      break;
    }
    case Fluid: {
      const double sj = sqrt(sig.x * sig.y);
      Fn = diag(sj, sj);
      break;
    }
    default:
      break;
  }
  J = sig.x * sig.y;
  const Mat2 tau = Mat2{2.0 * mu, 0.0, 0.0, 2.0 * mu} * ((Fn - U * transpose(V)) * transpose(Fn));
  const double k = -dt * p_vol * 4.0 / (dx * dx);
  const double iso = lam * J * (J - 1.0);
  stress[4 * p] = k * (tau.a + iso);
  stress[4 * p + 1] = k * tau.b;
  stress[4 * p + 2] = k * tau.c;
  stress[4 * p + 3] = k * (tau.d + iso);
  F_out[4 * p] = Fn.a;
  F_out[4 * p + 1] = Fn.b;
  F_out[4 * p + 2] = Fn.c;
  F_out[4 * p + 3] = Fn.d;
  Jp_out[p] = jp;
}
