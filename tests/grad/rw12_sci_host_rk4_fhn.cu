// cuad: --fn fhn_rk4 --wrt v,w,coef
// cuad: fwd --fn fhn_rk4 --wrt v,w,coef
// Classic RK4 time stepping of a 1-D FitzHugh-Nagumo cable model on the GPU, driven from the
// host like a small cardiac-electrophysiology code: model coefficients gathered from a host
// array into a struct passed to the kernel by value (cudaMemcpyToSymbol into __constant__
// memory is refused, see rw12_sci_const_symbol_min), cudaMalloc of the state, four stage-derivative buffers and a
// stage state, one right-hand-side kernel (no-flux boundaries by index clamping) and one axpy
// kernel per stage, an in-place RK4 combine kernel per step, and at the end a shared-memory
// block reduction of the mean potential whose per-block partials are summed on the host.
#include <cuda_runtime.h>
#include <vector>

struct FhnCoef {
  double D;    // diffusion / dx^2
  double a;
  double eps;
  double b;
  double I;    // stimulus
};

#define RB 32

__global__ void fhn_rhs(const double* __restrict__ v, const double* __restrict__ w,
                        double* __restrict__ dv, double* __restrict__ dw, FhnCoef c, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int l = i > 0 ? i - 1 : 0;
  const int r = i < n - 1 ? i + 1 : n - 1;
  const double vi = v[i];
  dv[i] = c.D * (v[l] - 2.0 * vi + v[r]) + vi * (vi - c.a) * (1.0 - vi) - w[i] + c.I;
  dw[i] = c.eps * (vi - c.b * w[i]);
}

__global__ void stage_axpy(const double* __restrict__ v, const double* __restrict__ w,
                           const double* __restrict__ kv, const double* __restrict__ kw, double h,
                           double* __restrict__ vs, double* __restrict__ ws, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    vs[i] = v[i] + h * kv[i];
    ws[i] = w[i] + h * kw[i];
  }
}

__global__ void rk4_combine(double* v, const double* k1, const double* k2, const double* k3,
                            const double* k4, double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

__global__ void block_sum(const double* __restrict__ x, double* __restrict__ partial, int n) {
  __shared__ double s[RB];
  const int t = threadIdx.x;
  const int i = blockIdx.x * RB + t;
  s[t] = i < n ? x[i] : 0.0;
  __syncthreads();
  for (int stride = RB / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

double fhn_rk4(double* v, double* w, const double* coef, double dt, int n, int nsteps) {
  FhnCoef hc;
  hc.D = coef[0];
  hc.a = coef[1];
  hc.eps = coef[2];
  hc.b = coef[3];
  hc.I = coef[4];
  const size_t bytes = n * sizeof(double);
  double *d_v, *d_w, *d_vs, *d_ws;
  double *kv1, *kv2, *kv3, *kv4, *kw1, *kw2, *kw3, *kw4, *d_part;
  const int blocks = (n + RB - 1) / RB;
  cudaMalloc(&d_v, bytes);
  cudaMalloc(&d_w, bytes);
  cudaMalloc(&d_vs, bytes);
  cudaMalloc(&d_ws, bytes);
  cudaMalloc(&kv1, bytes);
  cudaMalloc(&kv2, bytes);
  cudaMalloc(&kv3, bytes);
  cudaMalloc(&kv4, bytes);
  cudaMalloc(&kw1, bytes);
  cudaMalloc(&kw2, bytes);
  cudaMalloc(&kw3, bytes);
  cudaMalloc(&kw4, bytes);
  cudaMalloc(&d_part, blocks * sizeof(double));
  cudaMemcpy(d_v, v, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, bytes, cudaMemcpyHostToDevice);
  for (int s = 0; s < nsteps; ++s) {
    fhn_rhs<<<blocks, RB>>>(d_v, d_w, kv1, kw1, hc, n);
    stage_axpy<<<blocks, RB>>>(d_v, d_w, kv1, kw1, 0.5 * dt, d_vs, d_ws, n);
    fhn_rhs<<<blocks, RB>>>(d_vs, d_ws, kv2, kw2, hc, n);
    stage_axpy<<<blocks, RB>>>(d_v, d_w, kv2, kw2, 0.5 * dt, d_vs, d_ws, n);
    fhn_rhs<<<blocks, RB>>>(d_vs, d_ws, kv3, kw3, hc, n);
    stage_axpy<<<blocks, RB>>>(d_v, d_w, kv3, kw3, dt, d_vs, d_ws, n);
    fhn_rhs<<<blocks, RB>>>(d_vs, d_ws, kv4, kw4, hc, n);
    rk4_combine<<<blocks, RB>>>(d_v, kv1, kv2, kv3, kv4, dt, n);
    rk4_combine<<<blocks, RB>>>(d_w, kw1, kw2, kw3, kw4, dt, n);
  }
  block_sum<<<blocks, RB>>>(d_v, d_part, n);
  std::vector<double> part(blocks);
  cudaMemcpy(part.data(), d_part, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int b = 0; b < blocks; ++b) total += part[b];
  cudaMemcpy(v, d_v, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(w, d_w, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_v);
  cudaFree(d_w);
  cudaFree(d_vs);
  cudaFree(d_ws);
  cudaFree(kv1);
  cudaFree(kv2);
  cudaFree(kv3);
  cudaFree(kv4);
  cudaFree(kw1);
  cudaFree(kw2);
  cudaFree(kw3);
  cudaFree(kw4);
  cudaFree(d_part);
  return total / n;
}
