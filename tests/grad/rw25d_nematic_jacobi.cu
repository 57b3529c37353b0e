// cuad: --fn nematic_order --wrt spins,order
// cuad: fwd --fn nematic_order --wrt spins,order
// Nematic order parameter of Lebwohl-Lasher / Heisenberg-type lattice spins, per domain:
// each thread builds the ordering tensor Q = <3/2 u u^T - 1/2 I> of its domain's unit vectors
// (spins are normalised first) in a local 3 x 3 array and diagonalises it with cyclic Jacobi
// sweeps until the off-diagonal norm is tiny (a data-dependent number of sweeps), each
// rotation applied through a helper taking references to two matrix elements (Numerical
// Recipes' ROTATE). The eigenvalues are sorted by comparisons; outputs per domain are the
// scalar order parameter S (largest eigenvalue) and the biaxiality (difference of the other
// two).
#include <cuda_runtime.h>
#include <math.h>

#define DOMAIN 8

__device__ inline void rotate(double& g, double& h, double s, double tau) {
  const double gg = g, hh = h;
  g = gg - s * (hh + gg * tau);
  h = hh + s * (gg - hh * tau);
}

__device__ void jacobi3(double a[3][3], double d[3]) {
  for (int i = 0; i < 3; ++i) d[i] = a[i][i];
  for (int sweep = 0; sweep < 50; ++sweep) {
    const double off = fabs(a[0][1]) + fabs(a[0][2]) + fabs(a[1][2]);
    if (off < 1e-15) break;
    for (int p = 0; p < 2; ++p)
      for (int q = p + 1; q < 3; ++q) {
        if (fabs(a[p][q]) < 1e-300) continue;
        const double theta = 0.5 * (d[q] - d[p]) / a[p][q];
        double t = 1.0 / (fabs(theta) + sqrt(1.0 + theta * theta));
        if (theta < 0.0) t = -t;
        const double c = 1.0 / sqrt(1.0 + t * t), s = t * c, tau = s / (1.0 + c);
        const double h = t * a[p][q];
        d[p] -= h;
        d[q] += h;
        a[p][q] = 0.0;
        for (int j = 0; j < p; ++j) rotate(a[j][p], a[j][q], s, tau);
        for (int j = p + 1; j < q; ++j) rotate(a[p][j], a[j][q], s, tau);
        for (int j = q + 1; j < 3; ++j) rotate(a[p][j], a[q][j], s, tau);
      }
  }
}

__global__ void nematic_order(int n_dom, const double* __restrict__ spins, double* __restrict__ order) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n_dom) return;
  double Q[3][3] = {{0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}, {0.0, 0.0, 0.0}};
  for (int s = 0; s < DOMAIN; ++s) {
    const double* u = spins + 3 * (k * DOMAIN + s);
    const double inv = rsqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) Q[i][j] += (1.5 * u[i] * u[j] * inv * inv - (i == j ? 0.5 : 0.0)) / DOMAIN;
  }
  double ev[3];
  jacobi3(Q, ev);
  // sort descending
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2 - i; ++j)
      if (ev[j] < ev[j + 1]) {
        const double t = ev[j];
        ev[j] = ev[j + 1];
        ev[j + 1] = t;
      }
  order[2 * k] = ev[0];
  order[2 * k + 1] = ev[1] - ev[2];
}
