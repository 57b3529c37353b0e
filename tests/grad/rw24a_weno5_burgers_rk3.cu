// cuad: --fn weno_burgers --wrt u,u_out
// cuad: fwd --fn weno_burgers --wrt u,u_out
// Fifth-order WENO (Jiang-Shu) for the inviscid Burgers equation on a periodic grid with global
// Lax-Friedrichs flux splitting, three-stage SSP Runge-Kutta from the host. The splitting speed
// alpha = max |u| of the initial state comes from a one-block shared-memory tree reduction with
// fmax (kept on the device and read through a pointer by the flux kernel). The flux kernel
// gathers a 6-point periodic stencil into local arrays and calls a WENO5 reconstruction template
// on the upwind side (SIGN = +1 for f+, -1 for f-, mirrored stencil).
#include <cuda_runtime.h>

#define RED_THREADS 128

__global__ void max_abs(const double* __restrict__ u, double* __restrict__ alpha, int n) {
  __shared__ double s[RED_THREADS];
  const int t = threadIdx.x;
  double m = 0.0;
  for (int i = t; i < n; i += RED_THREADS) m = fmax(m, fabs(u[i]));
  s[t] = m;
  __syncthreads();
  for (int stride = RED_THREADS / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] = fmax(s[t], s[t + stride]);
    __syncthreads();
  }
  if (t == 0) *alpha = s[0];
}

// reconstruct at i+1/2 from v[0..4] = f(i-2 .. i+2)
__device__ double weno5(const double* v) {
  const double eps = 1e-6;
  const double b0 = 13.0 / 12.0 * (v[0] - 2 * v[1] + v[2]) * (v[0] - 2 * v[1] + v[2]) +
                    0.25 * (v[0] - 4 * v[1] + 3 * v[2]) * (v[0] - 4 * v[1] + 3 * v[2]);
  const double b1 = 13.0 / 12.0 * (v[1] - 2 * v[2] + v[3]) * (v[1] - 2 * v[2] + v[3]) +
                    0.25 * (v[1] - v[3]) * (v[1] - v[3]);
  const double b2 = 13.0 / 12.0 * (v[2] - 2 * v[3] + v[4]) * (v[2] - 2 * v[3] + v[4]) +
                    0.25 * (3 * v[2] - 4 * v[3] + v[4]) * (3 * v[2] - 4 * v[3] + v[4]);
  const double a0 = 0.1 / ((eps + b0) * (eps + b0));
  const double a1 = 0.6 / ((eps + b1) * (eps + b1));
  const double a2 = 0.3 / ((eps + b2) * (eps + b2));
  const double q0 = (2 * v[0] - 7 * v[1] + 11 * v[2]) / 6.0;
  const double q1 = (-v[1] + 5 * v[2] + 2 * v[3]) / 6.0;
  const double q2 = (2 * v[2] + 5 * v[3] - v[4]) / 6.0;
  return (a0 * q0 + a1 * q1 + a2 * q2) / (a0 + a1 + a2);
}

template <int SIGN>
__device__ double split_flux(const double* u6, double alpha) {
  // u6 holds u(i-2 .. i+3); f+ uses i-2..i+2, f- uses i+3..i-1 mirrored
  double v[5];
#pragma unroll
  for (int k = 0; k < 5; ++k) {
    const double uk = SIGN > 0 ? u6[k] : u6[5 - k];
    v[k] = 0.5 * (0.5 * uk * uk + SIGN * alpha * uk);
  }
  return weno5(v);
}

__global__ void weno_rhs(const double* __restrict__ u, const double* __restrict__ alpha,
                         double* __restrict__ L, double inv_dx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double a = *alpha;
  double fr, fl;
  {
    double u6[6];
    for (int k = 0; k < 6; ++k) u6[k] = u[(i - 2 + k + n) % n];
    fr = split_flux<1>(u6, a) + split_flux<-1>(u6, a);
  }
  {
    double u6[6];
    for (int k = 0; k < 6; ++k) u6[k] = u[(i - 3 + k + n) % n];
    fl = split_flux<1>(u6, a) + split_flux<-1>(u6, a);
  }
  L[i] = -inv_dx * (fr - fl);
}

__global__ void ssp_stage(double* u, const double* u0, const double* L, double a, double b,
                          double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] = a * u0[i] + b * (u[i] + dt * L[i]);
}

void weno_burgers(const double* u, double dt, double dx, int n, int nsteps, double* u_out) {
  double *d_u, *d_u0, *d_L, *d_alpha;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_u0, n * sizeof(double));
  cudaMalloc(&d_L, n * sizeof(double));
  cudaMalloc(&d_alpha, sizeof(double));
  cudaMemcpy(d_u, u, n * sizeof(double), cudaMemcpyHostToDevice);
  max_abs<<<1, RED_THREADS>>>(d_u, d_alpha, n);
  const int tpb = 64, nb = (n + tpb - 1) / tpb;
  const double ca[3] = {0.0, 0.75, 1.0 / 3.0}, cb[3] = {1.0, 0.25, 2.0 / 3.0};
  for (int s = 0; s < nsteps; ++s) {
    cudaMemcpy(d_u0, d_u, n * sizeof(double), cudaMemcpyDeviceToDevice);
    for (int k = 0; k < 3; ++k) {
      weno_rhs<<<nb, tpb>>>(d_u, d_alpha, d_L, 1.0 / dx, n);
      ssp_stage<<<nb, tpb>>>(d_u, d_u0, d_L, ca[k], cb[k], dt, n);
    }
  }
  cudaMemcpy(u_out, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_u0);
  cudaFree(d_L);
  cudaFree(d_alpha);
}
