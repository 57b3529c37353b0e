// cuad: --fn sl_advect --wrt q,u,v,qnew
// cuad: fwd --fn sl_advect --wrt q,u,v,qnew
// Semi-Lagrangian tracer advection on a doubly periodic 2-D grid (dynamical core of a
// limited-area model): one thread per arrival point (2-D launch). The departure point is
// found by two fixed-point iterations of the midpoint rule, with the wind interpolated
// bilinearly at the midpoint; the tracer is then interpolated at the departure point with
// tensor-product cubic Lagrange weights held in local arrays. Periodic wrap of integer
// indices through a helper; grid geometry in a struct passed by value.
#include <cuda_runtime.h>

struct Grid {
  int nx, ny;
  double dx, dy, dt;
};

#define G2(i, j) ((j) * g.nx + (i))

__device__ __forceinline__ int wrap(int i, int n) { return ((i % n) + n) % n; }

// Splits a position in grid units into a wrapped base index and a fraction in [0, 1).
__device__ __forceinline__ void locate(double s, int n, int& base, double& frac) {
  const double f = floor(s);
  frac = s - f;
  base = wrap((int)f, n);
}

__device__ double bilinear(const double* __restrict__ fld, const Grid& g, double sx, double sy) {
  int i0, j0;
  double a, b;
  locate(sx, g.nx, i0, a);
  locate(sy, g.ny, j0, b);
  const int i1 = wrap(i0 + 1, g.nx), j1 = wrap(j0 + 1, g.ny);
  return (1 - a) * (1 - b) * fld[G2(i0, j0)] + a * (1 - b) * fld[G2(i1, j0)] +
         (1 - a) * b * fld[G2(i0, j1)] + a * b * fld[G2(i1, j1)];
}

__device__ void cubic_weights(double a, double w[4]) {
  w[0] = -a * (a - 1.0) * (a - 2.0) / 6.0;
  w[1] = (a + 1.0) * (a - 1.0) * (a - 2.0) / 2.0;
  w[2] = -(a + 1.0) * a * (a - 2.0) / 2.0;
  w[3] = (a + 1.0) * a * (a - 1.0) / 6.0;
}

__global__ void sl_advect(Grid g, const double* __restrict__ q, const double* __restrict__ u,
                          const double* __restrict__ v, double* __restrict__ qnew) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= g.nx || j >= g.ny) return;
  const double cx = g.dt / g.dx, cy = g.dt / g.dy;
  // departure point in grid units, midpoint iterations
  double ax = u[G2(i, j)] * cx, ay = v[G2(i, j)] * cy;
  for (int it = 0; it < 2; ++it) {
    const double mx = i - 0.5 * ax, my = j - 0.5 * ay;
    ax = bilinear(u, g, mx, my) * cx;
    ay = bilinear(v, g, mx, my) * cy;
  }
  int bi, bj;
  double fx, fy;
  locate(i - ax, g.nx, bi, fx);
  locate(j - ay, g.ny, bj, fy);
  double wx[4], wy[4];
  cubic_weights(fx, wx);
  cubic_weights(fy, wy);
  double acc = 0.0;
#pragma unroll
  for (int m = 0; m < 4; ++m) {
    const int jj = wrap(bj + m - 1, g.ny);
    double row = 0.0;
#pragma unroll
    for (int l = 0; l < 4; ++l) row += wx[l] * q[G2(wrap(bi + l - 1, g.nx), jj)];
    acc += wy[m] * row;
  }
  qnew[G2(i, j)] = acc;
}
