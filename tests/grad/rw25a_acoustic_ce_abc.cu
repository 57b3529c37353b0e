// cuad: --fn acoustic_model --wrt vel,wavelet,seis
// 2-D constant-density acoustic modelling with Clayton-Engquist absorbing edges, as a seismic
// imaging prototype writes it: the host picks the time step from the CFL condition of the
// largest velocity in the model (a std::max loop over the caller's array) and the number of
// steps from the record length, a 4th-order Laplacian with its coefficients in __constant__
// memory updates the interior, a second kernel applies the first-order Clayton-Engquist
// one-way condition on the four edges, the three time levels rotate through three pointers
// (prev <- cur <- next <- prev), the source wavelet sample of each step is read on the host
// and injected by a one-thread kernel, and the receivers' samples of each step are gathered by
// a kernel and copied straight into the caller's seismogram row with cudaMemcpy.
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>

#define BX 16
#define BY 8

__constant__ double c_lap[3] = {-2.5, 4.0 / 3.0, -1.0 / 12.0};

__global__ void interior_step(const double* __restrict__ prev, const double* __restrict__ cur,
                              double* __restrict__ next, const double* __restrict__ vel, double r2, int nx,
                              int nz) {
  const int ix = blockIdx.x * blockDim.x + threadIdx.x;
  const int iz = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix < 2 || iz < 2 || ix >= nx - 2 || iz >= nz - 2) return;
  const int k = iz * nx + ix;
  double lap = 2.0 * c_lap[0] * cur[k];
  for (int m = 1; m <= 2; ++m) lap += c_lap[m] * (cur[k + m] + cur[k - m] + cur[k + m * nx] + cur[k - m * nx]);
  const double v = vel[k];
  next[k] = 2.0 * cur[k] - prev[k] + r2 * v * v * lap;
}

// First-order one-way wave equation on a two-cell rim: u_b^{n+1} = u_b^n + c dt/h (u_in^n - u_b^n).
__global__ void edge_step(const double* __restrict__ cur, double* __restrict__ next,
                          const double* __restrict__ vel, double dt_h, int nx, int nz) {
  const int ix = blockIdx.x * blockDim.x + threadIdx.x;
  const int iz = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= nx || iz >= nz) return;
  int jx = ix, jz = iz;
  if (ix < 2) jx = ix + 1;
  else if (ix >= nx - 2) jx = ix - 1;
  if (iz < 2) jz = iz + 1;
  else if (iz >= nz - 2) jz = iz - 1;
  if (jx == ix && jz == iz) return;  // interior
  const int k = iz * nx + ix, kin = jz * nx + jx;
  const double a = vel[k] * dt_h;
  next[k] = cur[k] + a * (cur[kin] - cur[k]);
}

__global__ void inject(double* u, int k, double amount) { u[k] += amount; }

__global__ void gather(const double* __restrict__ u, const int* __restrict__ rec, double* __restrict__ out,
                       int nrec) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < nrec) out[r] = u[rec[r]];
}

void acoustic_model(const double* vel, const double* wavelet, int nw, const int* rec, int nrec, int nx, int nz,
                    double h, double t_max, int src, double* seis, int nt_max) {
  double vmax = 0.0;
  for (int k = 0; k < nx * nz; ++k) vmax = std::max(vmax, vel[k]);
  const double dt = 0.45 * h / vmax;
  const int nt = std::min(nt_max, (int)(t_max / dt));
  const size_t bytes = (size_t)nx * nz * sizeof(double);
  double *d_vel, *d_prev, *d_cur, *d_next, *d_trace;
  int* d_rec;
  cudaMalloc(&d_vel, bytes);
  cudaMalloc(&d_prev, bytes);
  cudaMalloc(&d_cur, bytes);
  cudaMalloc(&d_next, bytes);
  cudaMalloc(&d_trace, nrec * sizeof(double));
  cudaMalloc(&d_rec, nrec * sizeof(int));
  cudaMemcpy(d_vel, vel, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_rec, rec, nrec * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_prev, 0, bytes);
  cudaMemset(d_cur, 0, bytes);
  cudaMemset(d_next, 0, bytes);
  const dim3 block(BX, BY), grid((nx + BX - 1) / BX, (nz + BY - 1) / BY);
  const double r2 = dt * dt / (h * h);
  for (int it = 0; it < nt; ++it) {
    interior_step<<<grid, block>>>(d_prev, d_cur, d_next, d_vel, r2, nx, nz);
    edge_step<<<grid, block>>>(d_cur, d_next, d_vel, dt / h, nx, nz);
    if (it < nw) inject<<<1, 1>>>(d_next, src, dt * dt * wavelet[it]);
    gather<<<(nrec + 31) / 32, 32>>>(d_next, d_rec, d_trace, nrec);
    cudaMemcpy(seis + it * nrec, d_trace, nrec * sizeof(double), cudaMemcpyDeviceToHost);
    double* tmp = d_prev;
    d_prev = d_cur;
    d_cur = d_next;
    d_next = tmp;
  }
  cudaFree(d_vel);
  cudaFree(d_prev);
  cudaFree(d_cur);
  cudaFree(d_next);
  cudaFree(d_trace);
  cudaFree(d_rec);
}
