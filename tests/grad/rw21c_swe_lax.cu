// cuad: --fn swe_run --wrt h0,hu0,p,h_out
// 2-D shallow-water equations with the Lax-Friedrichs scheme, as a small ocean/flood code
// ported from Fortran would write it: the state is a struct of three device arrays (h, hu, hv)
// on a grid with one ghost layer, a parameter struct passed by value, an index macro, a kernel
// filling the ghost cells for reflective walls (normal momentum flips sign), a 2-D dim3 update
// kernel calling a flux helper with an out-parameter array, and a host time loop swapping the
// two state structs. Gradient with respect to the initial height and x-momentum, and the
// parameters (gravity, dt, dx, dy).
#include <cuda_runtime.h>
#include <utility>

#define NG 1
#define IDX(i, j) ((j) * (p.nx + 2 * NG) + (i))
#define SQR(x) ((x) * (x))

struct Params {
  double g, dt, dx, dy;
  int nx, ny;
};

struct State {
  double* h;
  double* hu;
  double* hv;
};

__device__ void flux_x(double h, double hu, double hv, double g, double* f) {
  const double u = hu / h;
  f[0] = hu;
  f[1] = hu * u + 0.5 * g * SQR(h);
  f[2] = hv * u;
}

__device__ void flux_y(double h, double hu, double hv, double g, double* f) {
  const double v = hv / h;
  f[0] = hv;
  f[1] = hu * v;
  f[2] = hv * v + 0.5 * g * SQR(h);
}

// reflective walls: copy the mirror cell, flip the normal momentum (corners are not used)
__global__ void fill_ghosts(State s, Params p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > p.nx + 1 || j > p.ny + 1) return;
  const bool xg = (i == 0 || i == p.nx + 1);
  const bool yg = (j == 0 || j == p.ny + 1);
  if (xg == yg) return;  // interior cell or corner
  int si = i, sj = j;
  if (i == 0) si = 1;
  if (i == p.nx + 1) si = p.nx;
  if (j == 0) sj = 1;
  if (j == p.ny + 1) sj = p.ny;
  const int src = IDX(si, sj), dst = IDX(i, j);
  s.h[dst] = s.h[src];
  s.hu[dst] = xg ? -s.hu[src] : s.hu[src];
  s.hv[dst] = yg ? -s.hv[src] : s.hv[src];
}

__global__ void lax_friedrichs(State q, State qn, Params p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x + NG;
  const int j = blockIdx.y * blockDim.y + threadIdx.y + NG;
  if (i > p.nx || j > p.ny) return;
  const int c = IDX(i, j), e = IDX(i + 1, j), w = IDX(i - 1, j), n = IDX(i, j + 1),
            s = IDX(i, j - 1);
  double fe[3], fw[3], gn[3], gs[3];
  flux_x(q.h[e], q.hu[e], q.hv[e], p.g, fe);
  flux_x(q.h[w], q.hu[w], q.hv[w], p.g, fw);
  flux_y(q.h[n], q.hu[n], q.hv[n], p.g, gn);
  flux_y(q.h[s], q.hu[s], q.hv[s], p.g, gs);
  const double cx = 0.5 * p.dt / p.dx, cy = 0.5 * p.dt / p.dy;
  qn.h[c] = 0.25 * (q.h[e] + q.h[w] + q.h[n] + q.h[s]) - cx * (fe[0] - fw[0]) - cy * (gn[0] - gs[0]);
  qn.hu[c] = 0.25 * (q.hu[e] + q.hu[w] + q.hu[n] + q.hu[s]) - cx * (fe[1] - fw[1]) - cy * (gn[1] - gs[1]);
  qn.hv[c] = 0.25 * (q.hv[e] + q.hv[w] + q.hv[n] + q.hv[s]) - cx * (fe[2] - fw[2]) - cy * (gn[2] - gs[2]);
}

__global__ void unpad(const double* hpad, double* h, Params p) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < p.nx && j < p.ny) h[j * p.nx + i] = hpad[IDX(i + NG, j + NG)];
}

// h0, hu0: interior values (nx*ny, row-major); hv starts at rest.
void swe_run(const double* h0, const double* hu0, double* h_out, Params p, int nsteps) {
  const int mx = p.nx + 2 * NG, my = p.ny + 2 * NG;
  const size_t bytes = (size_t)mx * my * sizeof(double);
  double* hbuf = new double[mx * my];
  double* hubuf = new double[mx * my];
  for (int k = 0; k < mx * my; ++k) { hbuf[k] = 1.0; hubuf[k] = 0.0; }
  for (int j = 0; j < p.ny; ++j)
    for (int i = 0; i < p.nx; ++i) {
      hbuf[IDX(i + NG, j + NG)] = h0[j * p.nx + i];
      hubuf[IDX(i + NG, j + NG)] = hu0[j * p.nx + i];
    }
  State a, b;
  cudaMalloc(&a.h, bytes);
  cudaMalloc(&a.hu, bytes);
  cudaMalloc(&a.hv, bytes);
  cudaMalloc(&b.h, bytes);
  cudaMalloc(&b.hu, bytes);
  cudaMalloc(&b.hv, bytes);
  cudaMemcpy(a.h, hbuf, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(a.hu, hubuf, bytes, cudaMemcpyHostToDevice);
  cudaMemset(a.hv, 0, bytes);
  cudaMemcpy(b.h, hbuf, bytes, cudaMemcpyHostToDevice);
  cudaMemset(b.hu, 0, bytes);
  cudaMemset(b.hv, 0, bytes);
  dim3 block(8, 8);
  dim3 gpad((mx + 7) / 8, (my + 7) / 8);
  dim3 gin((p.nx + 7) / 8, (p.ny + 7) / 8);
  for (int t = 0; t < nsteps; ++t) {
    fill_ghosts<<<gpad, block>>>(a, p);
    lax_friedrichs<<<gin, block>>>(a, b, p);
    std::swap(a, b);
  }
  double* d_out;
  cudaMalloc(&d_out, p.nx * p.ny * sizeof(double));
  unpad<<<gin, block>>>(a.h, d_out, p);
  cudaMemcpy(h_out, d_out, p.nx * p.ny * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_out);
  cudaFree(a.h);
  cudaFree(a.hu);
  cudaFree(a.hv);
  cudaFree(b.h);
  cudaFree(b.hu);
  cudaFree(b.hv);
  delete[] hbuf;
  delete[] hubuf;
}
