// cuad: --fn swe_tile_step<8,4> --wrt h,u,v,drag,hn,un,vn,energy
// cuad: fwd --fn swe_tile_step<8,4>
// cuad: --fn swe_tile_step<8,4> --wrt g,h,hn,un,vn,energy
// One forward-Euler step of the linearised shallow-water equations on an Arakawa C-grid
// (h at centres, u on west faces, v on south faces), tiled through shared memory: each
// block loads its TX x TY tile plus a one-cell halo of h, u and v (zonally periodic; a
// mirrored halo across the southern and northern walls, with v odd across the wall), the
// halo cells loaded by strided loops over the padded tile; the index arithmetic of the
// boundary conditions is in a small lambda. After the update, the h tile is reused (after a
// barrier) as scratch for a block reduction of the total energy of the new state, viewed
// through a flat pointer; thread 0 adds it to the global energy with atomicAdd. Linear drag.
#include <cuda_runtime.h>

enum class Bc : int { Periodic = 0, Wall = 1 };

struct SweGrid {
  int nx, ny;
  double dx, dy, dt, grav, depth;
  Bc south_north;
};

template <int TX, int TY>
__global__ void swe_tile_step(SweGrid g, const double* __restrict__ h, const double* __restrict__ u,
                              const double* __restrict__ v, double drag, double* __restrict__ hn,
                              double* __restrict__ un, double* __restrict__ vn,
                              double* __restrict__ energy) {
  __shared__ double sh[TY + 2][TX + 2];
  __shared__ double su[TY + 2][TX + 2];
  __shared__ double sv[TY + 2][TX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int i0 = blockIdx.x * TX - 1, j0 = blockIdx.y * TY - 1;

  auto wrap_x = [&](int i) { return (i + g.nx) % g.nx; };
  for (int jj = ty; jj < TY + 2; jj += TY) {
    for (int ii = tx; ii < TX + 2; ii += TX) {
      const int gi = wrap_x(i0 + ii);
      int gj = j0 + jj;
      double vsign = 1.0;
      if (g.south_north == Bc::Periodic) {
        gj = (gj + g.ny) % g.ny;
      } else if (gj < 0 || gj >= g.ny) {
        gj = gj < 0 ? -gj - 1 : 2 * g.ny - gj - 1;  // mirror
        vsign = -1.0;
      }
      const int q = gj * g.nx + gi;
      sh[jj][ii] = h[q];
      su[jj][ii] = u[q];
      sv[jj][ii] = vsign * v[q];
    }
  }
  __syncthreads();

  const int i = blockIdx.x * TX + tx, j = blockIdx.y * TY + ty;
  const int li = tx + 1, lj = ty + 1;
  double e = 0.0;
  if (i < g.nx && j < g.ny) {
    const double hh = sh[lj][li];
    const double unew = su[lj][li] - g.dt * (g.grav * (hh - sh[lj][li - 1]) / g.dx + drag * su[lj][li]);
    double vnew = sv[lj][li] - g.dt * (g.grav * (hh - sh[lj - 1][li]) / g.dy + drag * sv[lj][li]);
    if (g.south_north == Bc::Wall && j == 0) vnew = 0.0;
    const double hnew = hh - g.dt * g.depth *
                                 ((su[lj][li + 1] - su[lj][li]) / g.dx + (sv[lj + 1][li] - sv[lj][li]) / g.dy);
    const int q = j * g.nx + i;
    hn[q] = hnew;
    un[q] = unew;
    vn[q] = vnew;
    e = 0.5 * (g.grav * hnew * hnew + g.depth * (unew * unew + vnew * vnew));
  }
  __syncthreads();  // the h tile is no longer needed: reuse it for the reduction
  double* red = &sh[0][0];
  const int t = ty * TX + tx;
  red[t] = e;
  __syncthreads();
  for (int s = TX * TY / 2; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    __syncthreads();
  }
  if (t == 0) atomicAdd(energy, red[0]);
}
