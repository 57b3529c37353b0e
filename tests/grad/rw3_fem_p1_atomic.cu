// cuad: --fn assemble_residual --wrt xy,u,kappa,r
// Matrix-free P1 finite elements on triangles: one thread per element computes its shape
// function gradients and signed area from the vertex coordinates (a struct returned by a
// device function), forms r_e = kappa_e * area * G G^T u_e, and scatters it into the global
// residual with atomicAdd through the connectivity array.
#include <cuda_runtime.h>

struct Geom {
  double gx[3], gy[3];
  double area;
};

__device__ Geom p1_geometry(const double* xy, const int* tri) {
  Geom g;
  const double x0 = xy[2 * tri[0]], y0 = xy[2 * tri[0] + 1];
  const double x1 = xy[2 * tri[1]], y1 = xy[2 * tri[1] + 1];
  const double x2 = xy[2 * tri[2]], y2 = xy[2 * tri[2] + 1];
  const double det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  g.area = 0.5 * fabs(det);
  const double inv = 1.0 / det;
  g.gx[0] = (y1 - y2) * inv;
  g.gx[1] = (y2 - y0) * inv;
  g.gx[2] = (y0 - y1) * inv;
  g.gy[0] = (x2 - x1) * inv;
  g.gy[1] = (x0 - x2) * inv;
  g.gy[2] = (x1 - x0) * inv;
  return g;
}

__global__ void assemble_residual(const double* xy, const int* tris, const double* u,
                                  const double* kappa, double* r, int n_elem) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_elem) return;
  const int* tri = tris + 3 * e;
  const Geom g = p1_geometry(xy, tri);
  double ue[3];
#pragma unroll
  for (int a = 0; a < 3; ++a) ue[a] = u[tri[a]];
  const double gux = g.gx[0] * ue[0] + g.gx[1] * ue[1] + g.gx[2] * ue[2];
  const double guy = g.gy[0] * ue[0] + g.gy[1] * ue[1] + g.gy[2] * ue[2];
  const double k = kappa[e] * g.area;
#pragma unroll
  for (int a = 0; a < 3; ++a) atomicAdd(&r[tri[a]], k * (g.gx[a] * gux + g.gy[a] * guy));
}
