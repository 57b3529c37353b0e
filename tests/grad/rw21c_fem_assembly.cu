// cuad: --fn assemble_p1 --wrt xy,kappa,T,K,f
// Finite-element assembly of a nonlinear heat-conduction stiffness matrix and load vector on
// linear triangles (P1), as a FEM code ported from Fortran does it: one thread per element,
// the connectivity in an int array, the element area from the cross product (a helper with
// out-parameters for the shape-function gradients), a temperature-dependent conductivity
// k = kappa_e (1 + beta Tavg^2) exp(-Ea / (R (Tavg + T0))), the 3x3 element matrix in a local
// array, and a scatter into a dense global matrix with atomicAdd (elements share nodes).
#include <cuda_runtime.h>

struct Material {
  double beta, Ea_over_R, T0, source;
};

// gradients of the three barycentric shape functions, returns the (positive) area
__device__ double p1_gradients(double x0, double y0, double x1, double y1, double x2, double y2,
                               double* bx, double* by) {
  const double det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  const double inv = 1.0 / det;
  bx[0] = (y1 - y2) * inv;
  bx[1] = (y2 - y0) * inv;
  bx[2] = (y0 - y1) * inv;
  by[0] = (x2 - x1) * inv;
  by[1] = (x0 - x2) * inv;
  by[2] = (x1 - x0) * inv;
  return 0.5 * fabs(det);
}

__device__ double conductivity(double kappa, double Tavg, const Material& m) {
  return kappa * (1.0 + m.beta * Tavg * Tavg) * exp(-m.Ea_over_R / (Tavg + m.T0));
}

__global__ void assemble_p1(const double* __restrict__ xy, const int* __restrict__ tri,
                            const double* __restrict__ kappa, const double* __restrict__ T,
                            Material mat, double* K, double* f, int nelem, int nnode) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= nelem) return;
  int nd[3];
  for (int a = 0; a < 3; ++a) nd[a] = tri[3 * e + a];
  double bx[3], by[3];
  const double area = p1_gradients(xy[2 * nd[0]], xy[2 * nd[0] + 1], xy[2 * nd[1]], xy[2 * nd[1] + 1],
                                   xy[2 * nd[2]], xy[2 * nd[2] + 1], bx, by);
  const double Tavg = (T[nd[0]] + T[nd[1]] + T[nd[2]]) / 3.0;
  const double k = conductivity(kappa[e], Tavg, mat);
  double Ke[3][3];
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b) Ke[a][b] = k * area * (bx[a] * bx[b] + by[a] * by[b]);
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) atomicAdd(&K[nd[a] * nnode + nd[b]], Ke[a][b]);
    atomicAdd(&f[nd[a]], mat.source * area / 3.0);
  }
}
