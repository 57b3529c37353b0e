// cuad: --fn swe2d_run --wrt h0,hu0,hv0,g,h_out,hu_out
// cuad: fwd --fn swe2d_run --wrt h0,hu0,hv0,g,h_out,hu_out
// 2-D shallow-water equations on a closed basin, cell-centred finite volumes with one layer of
// ghost cells, written the way a small research code does it: the conserved variables live in
// a State struct of three device pointers (struct of arrays), reflective walls are filled by two
// ghost-cell kernels, the face fluxes are local Lax-Friedrichs (Rusanov) from a __device__
// helper writing into a local array, and Heun's RK2 is driven from the host with scratch
// states cudaMalloc'd per call (interior rows copied in and out at offsets into the fields).
#include <cuda_runtime.h>
#include <cstdio>

struct State {
  double* h;
  double* hu;
  double* hv;
};

__host__ __device__ inline int cid(int i, int j, int nxg) { return j * nxg + i; }

__device__ void phys_flux(double h, double hu, double hv, double g, int dir, double* F) {
  const double un = (dir == 0 ? hu : hv) / h;
  F[0] = h * un;
  F[1] = hu * un + (dir == 0 ? 0.5 * g * h * h : 0.0);
  F[2] = hv * un + (dir == 1 ? 0.5 * g * h * h : 0.0);
}

__device__ void rusanov(const State& q, int a, int b, double g, int dir, double* F) {
  double FL[3], FR[3];
  phys_flux(q.h[a], q.hu[a], q.hv[a], g, dir, FL);
  phys_flux(q.h[b], q.hu[b], q.hv[b], g, dir, FR);
  const double unl = (dir == 0 ? q.hu[a] : q.hv[a]) / q.h[a];
  const double unr = (dir == 0 ? q.hu[b] : q.hv[b]) / q.h[b];
  const double smax = fmax(fabs(unl) + sqrt(g * q.h[a]), fabs(unr) + sqrt(g * q.h[b]));
  F[0] = 0.5 * (FL[0] + FR[0]) - 0.5 * smax * (q.h[b] - q.h[a]);
  F[1] = 0.5 * (FL[1] + FR[1]) - 0.5 * smax * (q.hu[b] - q.hu[a]);
  F[2] = 0.5 * (FL[2] + FR[2]) - 0.5 * smax * (q.hv[b] - q.hv[a]);
}

// left/right walls: one thread per row j = 1..ny
__global__ void ghost_x(State q, int nx, int ny) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (j > ny) return;
  const int nxg = nx + 2;
  const int l = cid(0, j, nxg), li = cid(1, j, nxg);
  const int r = cid(nx + 1, j, nxg), ri = cid(nx, j, nxg);
  q.h[l] = q.h[li];
  q.hu[l] = -q.hu[li];
  q.hv[l] = q.hv[li];
  q.h[r] = q.h[ri];
  q.hu[r] = -q.hu[ri];
  q.hv[r] = q.hv[ri];
}

// bottom/top walls: one thread per column i = 1..nx
__global__ void ghost_y(State q, int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (i > nx) return;
  const int nxg = nx + 2;
  const int b = cid(i, 0, nxg), bi = cid(i, 1, nxg);
  const int t = cid(i, ny + 1, nxg), ti = cid(i, ny, nxg);
  q.h[b] = q.h[bi];
  q.hu[b] = q.hu[bi];
  q.hv[b] = -q.hv[bi];
  q.h[t] = q.h[ti];
  q.hu[t] = q.hu[ti];
  q.hv[t] = -q.hv[ti];
}

// dq/dt for interior cells
__global__ void swe_rhs(State q, State r, double g, double inv_dx, int nx, int ny) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i > nx || j > ny) return;
  const int nxg = nx + 2;
  const int c = cid(i, j, nxg);
  double fw[3], fe[3], fs[3], fn[3];
  rusanov(q, cid(i - 1, j, nxg), c, g, 0, fw);
  rusanov(q, c, cid(i + 1, j, nxg), g, 0, fe);
  rusanov(q, cid(i, j - 1, nxg), c, g, 1, fs);
  rusanov(q, c, cid(i, j + 1, nxg), g, 1, fn);
  r.h[c] = -inv_dx * (fe[0] - fw[0] + fn[0] - fs[0]);
  r.hu[c] = -inv_dx * (fe[1] - fw[1] + fn[1] - fs[1]);
  r.hv[c] = -inv_dx * (fe[2] - fw[2] + fn[2] - fs[2]);
}

// out = a * x + b * (y + dt * r) on every cell (ghosts are refilled afterwards)
__global__ void heun_stage(State out, State x, State y, State r, double a, double b, double dt,
                           int ncell) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncell) return;
  out.h[c] = a * x.h[c] + b * (y.h[c] + dt * r.h[c]);
  out.hu[c] = a * x.hu[c] + b * (y.hu[c] + dt * r.hu[c]);
  out.hv[c] = a * x.hv[c] + b * (y.hv[c] + dt * r.hv[c]);
}

static void alloc_state(State& s, int n) {
  cudaMalloc(&s.h, n * sizeof(double));
  cudaMalloc(&s.hu, n * sizeof(double));
  cudaMalloc(&s.hv, n * sizeof(double));
  cudaMemset(s.h, 0, n * sizeof(double));
  cudaMemset(s.hu, 0, n * sizeof(double));
  cudaMemset(s.hv, 0, n * sizeof(double));
}

static void free_state(State& s) {
  cudaFree(s.h);
  cudaFree(s.hu);
  cudaFree(s.hv);
}

static void fill_ghosts(State q, int nx, int ny) {
  ghost_x<<<(ny + 31) / 32, 32>>>(q, nx, ny);
  ghost_y<<<(nx + 31) / 32, 32>>>(q, nx, ny);
}

// h0, hu0, hv0, h_out, hu_out: interior cells, nx * ny, row-major in j
void swe2d_run(const double* h0, const double* hu0, const double* hv0, double g, double dt,
               double dx, int nx, int ny, int nsteps, double* h_out, double* hu_out) {
  const int nxg = nx + 2, ncell = nxg * (ny + 2);
  State q, q1, r;
  alloc_state(q, ncell);
  alloc_state(q1, ncell);
  alloc_state(r, ncell);
  for (int j = 0; j < ny; ++j) {
    const int off = cid(1, j + 1, nxg);
    cudaMemcpy(q.h + off, h0 + j * nx, nx * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(q.hu + off, hu0 + j * nx, nx * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(q.hv + off, hv0 + j * nx, nx * sizeof(double), cudaMemcpyHostToDevice);
  }
  const dim3 blk(8, 8), grd((nx + 7) / 8, (ny + 7) / 8);
  fill_ghosts(q, nx, ny);


  const int nb = (ncell + 63) / 64;
  for (int s = 0; s < nsteps; ++s) {
    swe_rhs<<<grd, blk>>>(q, r, g, 1.0 / dx, nx, ny);
    heun_stage<<<nb, 64>>>(q1, q, q, r, 0.0, 1.0, dt, ncell);
    fill_ghosts(q1, nx, ny);
    swe_rhs<<<grd, blk>>>(q1, r, g, 1.0 / dx, nx, ny);
    heun_stage<<<nb, 64>>>(q, q, q1, r, 0.5, 0.5, dt, ncell);
    fill_ghosts(q, nx, ny);
  }
  for (int j = 0; j < ny; ++j) {
    const int off = cid(1, j + 1, nxg);
    cudaMemcpy(h_out + j * nx, q.h + off, nx * sizeof(double), cudaMemcpyDeviceToHost);
    cudaMemcpy(hu_out + j * nx, q.hu + off, nx * sizeof(double), cudaMemcpyDeviceToHost);
  }
  free_state(q);
  free_state(q1);
  free_state(r);
}
