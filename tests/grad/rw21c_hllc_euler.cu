// cuad: --fn euler1d_run --wrt rho0,u0,p0,gamma,U_out
// A 1-D compressible Euler solver with the HLLC Riemann solver, as a CFD code ported from
// Fortran writes it: primitive/conservative conversions as __device__ helpers with pointer
// out-parameters, Davis wave-speed estimates with fmin/fmax, the HLLC star state with the
// branches on the signs of SL, S*, SR, transmissive ghost cells filled by a kernel, a face
// flux kernel and a conservative update kernel, and a host time loop at a fixed CFL time
// step. Gradient with respect to the initial primitive state and the ratio of specific heats.
#include <cuda_runtime.h>

#define NG 1

__device__ void prim_to_cons(double rho, double u, double p, double gamma, double* U) {
  U[0] = rho;
  U[1] = rho * u;
  U[2] = p / (gamma - 1.0) + 0.5 * rho * u * u;
}

__device__ void cons_to_prim(const double* U, double gamma, double* rho, double* u, double* p) {
  *rho = U[0];
  *u = U[1] / U[0];
  *p = (gamma - 1.0) * (U[2] - 0.5 * U[1] * U[1] / U[0]);
}

__device__ void euler_flux(double rho, double u, double p, double E, double* F) {
  F[0] = rho * u;
  F[1] = rho * u * u + p;
  F[2] = u * (E + p);
}

__device__ void hllc_flux(const double* UL, const double* UR, double gamma, double* F) {
  double rl, ul, pl, rr, ur, pr;
  cons_to_prim(UL, gamma, &rl, &ul, &pl);
  cons_to_prim(UR, gamma, &rr, &ur, &pr);
  const double cl = sqrt(gamma * pl / rl), cr = sqrt(gamma * pr / rr);
  const double SL = fmin(ul - cl, ur - cr);
  const double SR = fmax(ul + cl, ur + cr);
  const double SM = (pr - pl + rl * ul * (SL - ul) - rr * ur * (SR - ur)) /
                    (rl * (SL - ul) - rr * (SR - ur));
  double FL[3], FR[3];
  euler_flux(rl, ul, pl, UL[2], FL);
  euler_flux(rr, ur, pr, UR[2], FR);
  if (SL >= 0.0) {
    for (int k = 0; k < 3; ++k) F[k] = FL[k];
  } else if (SR <= 0.0) {
    for (int k = 0; k < 3; ++k) F[k] = FR[k];
  } else if (SM >= 0.0) {
    const double f = rl * (SL - ul) / (SL - SM);
    double Us[3];
    Us[0] = f;
    Us[1] = f * SM;
    Us[2] = f * (UL[2] / rl + (SM - ul) * (SM + pl / (rl * (SL - ul))));
    for (int k = 0; k < 3; ++k) F[k] = FL[k] + SL * (Us[k] - UL[k]);
  } else {
    const double f = rr * (SR - ur) / (SR - SM);
    double Us[3];
    Us[0] = f;
    Us[1] = f * SM;
    Us[2] = f * (UR[2] / rr + (SM - ur) * (SM + pr / (rr * (SR - ur))));
    for (int k = 0; k < 3; ++k) F[k] = FR[k] + SR * (Us[k] - UR[k]);
  }
}

__global__ void init_state(const double* rho, const double* u, const double* p, double gamma,
                           double* U, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) prim_to_cons(rho[i], u[i], p[i], gamma, &U[3 * (i + NG)]);
}

// transmissive (zero-gradient) boundaries
__global__ void fill_ghosts(double* U, int n) {
  const int k = threadIdx.x;
  if (k < 3) {
    U[k] = U[3 + k];
    U[3 * (n + NG) + k] = U[3 * n + k];
  }
}

__global__ void face_fluxes(const double* U, double* F, double gamma, int n) {
  const int f = blockIdx.x * blockDim.x + threadIdx.x;  // face f between cells f and f+1 (padded)
  if (f <= n) hllc_flux(&U[3 * f], &U[3 * (f + 1)], gamma, &F[3 * f]);
}

__global__ void update(double* U, const double* F, double dtdx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    for (int k = 0; k < 3; ++k) U[3 * (i + NG) + k] -= dtdx * (F[3 * (i + 1) + k] - F[3 * i + k]);
  }
}

void euler1d_run(const double* rho0, const double* u0, const double* p0, double gamma,
                 double* U_out, int n, int nsteps, double dtdx) {
  double *d_rho, *d_u, *d_p, *d_U, *d_F;
  cudaMalloc(&d_rho, n * sizeof(double));
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_p, n * sizeof(double));
  cudaMalloc(&d_U, 3 * (n + 2 * NG) * sizeof(double));
  cudaMalloc(&d_F, 3 * (n + 1) * sizeof(double));
  cudaMemcpy(d_rho, rho0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_u, u0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_p, p0, n * sizeof(double), cudaMemcpyHostToDevice);
  const int threads = 64, blocks = (n + 1 + threads - 1) / threads;
  init_state<<<blocks, threads>>>(d_rho, d_u, d_p, gamma, d_U, n);
  for (int t = 0; t < nsteps; ++t) {
    fill_ghosts<<<1, 32>>>(d_U, n);
    face_fluxes<<<blocks, threads>>>(d_U, d_F, gamma, n);
    update<<<blocks, threads>>>(d_U, d_F, dtdx, n);
  }
  cudaMemcpy(U_out, d_U + 3 * NG, 3 * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_rho);
  cudaFree(d_u);
  cudaFree(d_p);
  cudaFree(d_U);
  cudaFree(d_F);
}
