// cuad: --fn hllc_face --wrt c,g,F
// cuad: fwd --fn hllc_face --wrt c,g,F
// The face flux of a 2-D unstructured shallow-water code, as a __host__ __device__ function
// shared by the CPU reference and the GPU kernels: the four cells of the face's stencil come
// as an array of Cell structs, velocities are rotated into the face frame (normal, tangential)
// by a helper returning a struct, the left and right states are MUSCL-reconstructed with a
// minmod limiter (a branch and a ternary on fabs), the HLLC solver resolves the contact for
// the transported tangential velocity, the flux is rotated back into F[3], and the function
// returns the largest signal speed (for the CFL estimate).
#include <cuda_runtime.h>
#include <math.h>

struct Cell {
  double h, hu, hv;
};

struct Prim {
  double h, un, ut;
};

__host__ __device__ inline Prim to_face_frame(const Cell& c, double nx, double ny) {
  const double u = c.hu / c.h, v = c.hv / c.h;
  Prim p;
  p.h = c.h;
  p.un = u * nx + v * ny;
  p.ut = -u * ny + v * nx;
  return p;
}

__host__ __device__ inline double minmod(double a, double b) {
  if (a * b <= 0.0) return 0.0;
  return fabs(a) < fabs(b) ? a : b;
}

__host__ __device__ inline double recon(double a, double b, double c, double side) {
  return b + side * 0.5 * minmod(b - a, c - b);
}

__host__ __device__ inline void phys_flux(const Prim& p, double g, double* f) {
  f[0] = p.h * p.un;
  f[1] = p.h * p.un * p.un + 0.5 * g * p.h * p.h;
  f[2] = p.h * p.un * p.ut;
}

__host__ __device__ double hllc_face(const Cell* c, double nx, double ny, double g, double* F) {
  Prim p[4];
  for (int k = 0; k < 4; ++k) p[k] = to_face_frame(c[k], nx, ny);
  Prim L, R;
  L.h = recon(p[0].h, p[1].h, p[2].h, 1.0);
  L.un = recon(p[0].un, p[1].un, p[2].un, 1.0);
  L.ut = recon(p[0].ut, p[1].ut, p[2].ut, 1.0);
  R.h = recon(p[3].h, p[2].h, p[1].h, 1.0);
  R.un = recon(p[3].un, p[2].un, p[1].un, 1.0);
  R.ut = recon(p[3].ut, p[2].ut, p[1].ut, 1.0);

  const double cL = sqrt(g * L.h), cR = sqrt(g * R.h);
  const double SL = fmin(L.un - cL, R.un - cR);
  const double SR = fmax(L.un + cL, R.un + cR);
  double fL[3], fR[3], fr[3];
  phys_flux(L, g, fL);
  phys_flux(R, g, fR);
  if (SL >= 0.0) {
    for (int k = 0; k < 3; ++k) fr[k] = fL[k];
  } else if (SR <= 0.0) {
    for (int k = 0; k < 3; ++k) fr[k] = fR[k];
  } else {
    const double SM = (SL * R.h * (R.un - SR) - SR * L.h * (L.un - SL)) /
                      (R.h * (R.un - SR) - L.h * (L.un - SL));
    const double inv = 1.0 / (SR - SL);
    fr[0] = (SR * fL[0] - SL * fR[0] + SL * SR * (R.h - L.h)) * inv;
    fr[1] = (SR * fL[1] - SL * fR[1] + SL * SR * (R.h * R.un - L.h * L.un)) * inv;
    fr[2] = fr[0] * (SM >= 0.0 ? L.ut : R.ut);
  }
  F[0] = fr[0];
  F[1] = fr[1] * nx - fr[2] * ny;
  F[2] = fr[1] * ny + fr[2] * nx;
  return fmax(fabs(SL), fabs(SR));
}
