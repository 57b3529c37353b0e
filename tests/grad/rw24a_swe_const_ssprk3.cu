// cuad: --fn swe_subcycled --wrt h_init,q_init,g,cf,h_final,q_final
// cuad: fwd --fn swe_subcycled --wrt h_init,q_init,g,cf,h_final,q_final
// A periodic 1-D shallow-water run to a fixed end time: gravity and a linear drag coefficient
// go into a __constant__ array with cudaMemcpyToSymbol (the kernels read c_phys[0], c_phys[1]),
// the number of sub-steps is ceil(t_end / dt_max), and each step is the three-stage SSP
// Runge-Kutta scheme: the step's initial state saved with device-to-device copies, a
// right-hand-side kernel (Rusanov fluxes from a __device__ helper with reference outputs,
// periodic neighbours) and an in-place stage kernel h = a * h0 + b * (h + dt * L(h)).
#include <cuda_runtime.h>
#include <cmath>

__constant__ double c_phys[2];  // gravity, drag

__device__ void rusanov(double hl, double ql, double hr, double qr, double& fh, double& fq) {
  const double g = c_phys[0];
  const double ul = ql / hl, ur = qr / hr;
  const double a = fmax(fabs(ul) + sqrt(g * hl), fabs(ur) + sqrt(g * hr));
  fh = 0.5 * (ql + qr) - 0.5 * a * (hr - hl);
  fq = 0.5 * (ql * ul + qr * ur) + 0.25 * g * (hl * hl + hr * hr) - 0.5 * a * (qr - ql);
}

__global__ void swe_rhs(const double* __restrict__ h, const double* __restrict__ q,
                        double* __restrict__ rh, double* __restrict__ rq, double inv_dx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int im = (i - 1 + n) % n, ip = (i + 1) % n;
  double fhl, fql, fhr, fqr;
  rusanov(h[im], q[im], h[i], q[i], fhl, fql);
  rusanov(h[i], q[i], h[ip], q[ip], fhr, fqr);
  rh[i] = -inv_dx * (fhr - fhl);
  rq[i] = -inv_dx * (fqr - fql) - c_phys[1] * q[i] / h[i];
}

__global__ void rk_stage(double* h, double* q, const double* h0, const double* q0,
                         const double* rh, const double* rq, double a, double b, double dt,
                         int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  h[i] = a * h0[i] + b * (h[i] + dt * rh[i]);
  q[i] = a * q0[i] + b * (q[i] + dt * rq[i]);
}

void swe_subcycled(const double* h_init, const double* q_init, double g, double cf, double t_end,
                   double dt_max, double dx, int n, double* h_final, double* q_final) {
  const double phys[2] = {g, cf};
  cudaMemcpyToSymbol(c_phys, phys, sizeof(phys));
  const size_t bytes = n * sizeof(double);
  double *d_h, *d_q, *d_h0, *d_q0, *d_rh, *d_rq;
  cudaMalloc(&d_h, bytes);
  cudaMalloc(&d_q, bytes);
  cudaMalloc(&d_h0, bytes);
  cudaMalloc(&d_q0, bytes);
  cudaMalloc(&d_rh, bytes);
  cudaMalloc(&d_rq, bytes);
  cudaMemcpy(d_h, h_init, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_q, q_init, bytes, cudaMemcpyHostToDevice);
  const int nsub = (int)std::ceil(t_end / dt_max);
  const double dt = t_end / nsub;
  const int tpb = 32, nb = (n + tpb - 1) / tpb;
  const double a[3] = {0.0, 0.75, 1.0 / 3.0};
  const double b[3] = {1.0, 0.25, 2.0 / 3.0};
  for (int s = 0; s < nsub; ++s) {
    cudaMemcpy(d_h0, d_h, bytes, cudaMemcpyDeviceToDevice);
    cudaMemcpy(d_q0, d_q, bytes, cudaMemcpyDeviceToDevice);
    for (int k = 0; k < 3; ++k) {
      swe_rhs<<<nb, tpb>>>(d_h, d_q, d_rh, d_rq, 1.0 / dx, n);
      rk_stage<<<nb, tpb>>>(d_h, d_q, d_h0, d_q0, d_rh, d_rq, a[k], b[k], dt, n);
    }
  }
  cudaMemcpy(h_final, d_h, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(q_final, d_q, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_h);
  cudaFree(d_q);
  cudaFree(d_h0);
  cudaFree(d_q0);
  cudaFree(d_rh);
  cudaFree(d_rq);
}
