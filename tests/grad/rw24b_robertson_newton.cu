// cuad: fwd --fn robertson_implicit
// cuad: --fn robertson_implicit --wrt y0,k,yout
// cuad: fwd --fn robertson_implicit --wrt k,yout
// Stiff chemical kinetics (the Robertson problem, with per-cell rate constants) advanced
// with backward Euler: every step solves the implicit equations with a fixed number of
// Newton iterations, each forming the 3x3 Jacobian in a local 2-D array and solving with
// Gaussian elimination with partial pivoting (row swaps in place) and back substitution in
// helper __device__ functions writing through pointers. Forward mode gives the sensitivity
// of the solution to the rate constants (the classic forward-sensitivity use case), reverse
// mode the adjoint.
#include <cuda_runtime.h>
#include <cmath>

struct Rates {
  double k1, k2, k3;
};

__device__ void residual(const Rates& r, const double* y, const double* yprev, double h,
                         double* F) {
  const double f0 = -r.k1 * y[0] + r.k3 * y[1] * y[2];
  const double f1 = r.k1 * y[0] - r.k3 * y[1] * y[2] - r.k2 * y[1] * y[1];
  const double f2 = r.k2 * y[1] * y[1];
  F[0] = y[0] - yprev[0] - h * f0;
  F[1] = y[1] - yprev[1] - h * f1;
  F[2] = y[2] - yprev[2] - h * f2;
}

__device__ void jacobian(const Rates& r, const double* y, double h, double J[3][3]) {
  J[0][0] = 1.0 + h * r.k1;
  J[0][1] = -h * r.k3 * y[2];
  J[0][2] = -h * r.k3 * y[1];
  J[1][0] = -h * r.k1;
  J[1][1] = 1.0 + h * (r.k3 * y[2] + 2.0 * r.k2 * y[1]);
  J[1][2] = h * r.k3 * y[1];
  J[2][0] = 0.0;
  J[2][1] = -2.0 * h * r.k2 * y[1];
  J[2][2] = 1.0;
}

// Solves A x = b in place (b becomes x); A is destroyed.
__device__ void gauss_solve(double A[3][3], double* b) {
  for (int c = 0; c < 3; ++c) {
    int p = c;
    for (int r = c + 1; r < 3; ++r)
      if (fabs(A[r][c]) > fabs(A[p][c])) p = r;
    if (p != c) {
      for (int j = 0; j < 3; ++j) {
        const double t = A[c][j];
        A[c][j] = A[p][j];
        A[p][j] = t;
      }
      const double t = b[c];
      b[c] = b[p];
      b[p] = t;
    }
    for (int r = c + 1; r < 3; ++r) {
      const double m = A[r][c] / A[c][c];
      for (int j = c; j < 3; ++j) A[r][j] -= m * A[c][j];
      b[r] -= m * b[c];
    }
  }
  for (int r = 2; r >= 0; --r) {
    double s = b[r];
    for (int j = r + 1; j < 3; ++j) s -= A[r][j] * b[j];
    b[r] = s / A[r][r];
  }
}

__global__ void robertson_implicit(const double* __restrict__ y0, const double* __restrict__ k,
                                   double* __restrict__ yout, int nsteps, int newton, double h,
                                   int ncell) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncell) return;
  const Rates r = {k[3 * c], k[3 * c + 1], k[3 * c + 2]};
  double y[3], yprev[3];
  for (int i = 0; i < 3; ++i) y[i] = y0[3 * c + i];
  for (int s = 0; s < nsteps; ++s) {
    for (int i = 0; i < 3; ++i) yprev[i] = y[i];
    for (int it = 0; it < newton; ++it) {
      double F[3], J[3][3];
      residual(r, y, yprev, h, F);
      jacobian(r, y, h, J);
      gauss_solve(J, F);
      for (int i = 0; i < 3; ++i) y[i] -= F[i];
    }
  }
  for (int i = 0; i < 3; ++i) yout[3 * c + i] = y[i];
}
