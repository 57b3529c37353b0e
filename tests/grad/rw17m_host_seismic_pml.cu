// cuad: --fn sh_forward --wrt mu,rho,wavelet,seis
// 2-D SH-wave finite-difference modelling as a seismic imaging code writes it: a staggered
// grid (velocity v at cell centres, stresses sxy at x half-points and syz at z half-points),
// PML-style damping profiles along x and z built on the host and held in device arrays (not
// differentiated), a velocity kernel and a stress kernel on a 2-D dim3 launch with bounds
// checks, a one-thread source injection of a wavelet sample per step, receivers recording the
// velocity into a seismogram (trace-major), the time loop on the host with cudaMalloc /
// cudaMemcpy / cudaMemset / cudaFree. Gradients with respect to the shear modulus and density
// models and the source wavelet (full-waveform inversion).
#include <cuda_runtime.h>

#define BX 8
#define BZ 8
#define AT(a, i, j) a[(j) * nx + (i)]

__global__ void update_v(double* __restrict__ v, const double* __restrict__ sxy,
                         const double* __restrict__ syz, const double* __restrict__ rho,
                         const double* __restrict__ dampx, const double* __restrict__ dampz,
                         double dt, double h, int nx, int nz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= nz) return;
  const double sxl = (i > 0) ? AT(sxy, i - 1, j) : 0.0;
  const double szl = (j > 0) ? AT(syz, i, j - 1) : 0.0;
  const double div = (AT(sxy, i, j) - sxl + AT(syz, i, j) - szl) / h;
  const double d = dampx[i] + dampz[j];
  const double a = 0.5 * dt * d;
  AT(v, i, j) = ((1.0 - a) * AT(v, i, j) + dt / AT(rho, i, j) * div) / (1.0 + a);
}

__global__ void update_s(double* __restrict__ sxy, double* __restrict__ syz,
                         const double* __restrict__ v, const double* __restrict__ mu,
                         const double* __restrict__ dampx, const double* __restrict__ dampz,
                         double dt, double h, int nx, int nz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= nz) return;
  if (i < nx - 1) {
    // harmonic average of mu at the half point
    const double m = 2.0 / (1.0 / AT(mu, i, j) + 1.0 / AT(mu, i + 1, j));
    const double a = 0.5 * dt * dampx[i];
    AT(sxy, i, j) = ((1.0 - a) * AT(sxy, i, j) + dt * m * (AT(v, i + 1, j) - AT(v, i, j)) / h) / (1.0 + a);
  }
  if (j < nz - 1) {
    const double m = 2.0 / (1.0 / AT(mu, i, j) + 1.0 / AT(mu, i, j + 1));
    const double a = 0.5 * dt * dampz[j];
    AT(syz, i, j) = ((1.0 - a) * AT(syz, i, j) + dt * m * (AT(v, i, j + 1) - AT(v, i, j)) / h) / (1.0 + a);
  }
}

__global__ void inject(double* v, const double* wavelet, int it, int src, double scale) {
  if (threadIdx.x == 0 && blockIdx.x == 0) v[src] += scale * wavelet[it];
}

__global__ void record(double* __restrict__ seis, const double* __restrict__ v,
                       const int* __restrict__ rec, int nrec, int it, int nt) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < nrec) seis[r * nt + it] = v[rec[r]];
}

void sh_forward(const double* mu, const double* rho, const double* wavelet, double* seis,
                const int* rec, int nrec, int src, int nx, int nz, int nt, double dt, double h,
                int npml) {
  const size_t cells = (size_t)nx * nz * sizeof(double);
  // damping profiles: quadratic ramps inside npml cells from each edge
  double* hx = new double[nx];
  double* hz = new double[nz];
  for (int i = 0; i < nx; ++i) {
    const int e = i < npml ? npml - i : (i >= nx - npml ? i - (nx - npml - 1) : 0);
    hx[i] = 3.0 * (double)(e * e) / (double)(npml * npml);
  }
  for (int j = 0; j < nz; ++j) {
    const int e = j >= nz - npml ? j - (nz - npml - 1) : 0;  // free surface on top
    hz[j] = 3.0 * (double)(e * e) / (double)(npml * npml);
  }
  double *d_mu, *d_rho, *d_w, *d_v, *d_sx, *d_sz, *d_seis, *d_dx, *d_dz;
  int* d_rec;
  cudaMalloc(&d_mu, cells);
  cudaMalloc(&d_rho, cells);
  cudaMalloc(&d_v, cells);
  cudaMalloc(&d_sx, cells);
  cudaMalloc(&d_sz, cells);
  cudaMalloc(&d_w, nt * sizeof(double));
  cudaMalloc(&d_seis, nrec * nt * sizeof(double));
  cudaMalloc(&d_dx, nx * sizeof(double));
  cudaMalloc(&d_dz, nz * sizeof(double));
  cudaMalloc(&d_rec, nrec * sizeof(int));
  cudaMemcpy(d_mu, mu, cells, cudaMemcpyHostToDevice);
  cudaMemcpy(d_rho, rho, cells, cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, wavelet, nt * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_dx, hx, nx * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_dz, hz, nz * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_rec, rec, nrec * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_v, 0, cells);
  cudaMemset(d_sx, 0, cells);
  cudaMemset(d_sz, 0, cells);
  dim3 block(BX, BZ);
  dim3 grid((nx + BX - 1) / BX, (nz + BZ - 1) / BZ);
  for (int it = 0; it < nt; ++it) {
    update_s<<<grid, block>>>(d_sx, d_sz, d_v, d_mu, d_dx, d_dz, dt, h, nx, nz);
    update_v<<<grid, block>>>(d_v, d_sx, d_sz, d_rho, d_dx, d_dz, dt, h, nx, nz);
    inject<<<1, 32>>>(d_v, d_w, it, src, dt / (h * h));
    record<<<1, 32>>>(d_seis, d_v, d_rec, nrec, it, nt);
  }
  cudaMemcpy(seis, d_seis, nrec * nt * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_mu);
  cudaFree(d_rho);
  cudaFree(d_v);
  cudaFree(d_sx);
  cudaFree(d_sz);
  cudaFree(d_w);
  cudaFree(d_seis);
  cudaFree(d_dx);
  cudaFree(d_dz);
  cudaFree(d_rec);
  delete[] hx;
  delete[] hz;
}
