// Written for cuad (round rw22d): clad::gradient of application-style kernels and of a host
// function that launches one. (1) a Morse-energy kernel: per-thread pair terms to the next
// two particles on a ring, a full-warp __shfl_down_sync reduction and an atomicAdd of each
// warp's sum into one energy scalar, differentiated w.r.t. positions and the well depth and
// run with execute_kernel(grid, block, ...); (2) a shared-memory tree reduction giving each
// block's root-mean-square, w.r.t. the input; (3) a host function that cudaMallocs, copies
// initial states to the device, launches a per-thread RK4 integration of y' = -k y^3 + sin(y)
// with a rate k, copies the states back and returns their mean, run with execute(...) on host
// memory. Each gradient is compared in the program with central finite differences of the
// primal ("matches" lines, to 1e-6); the printed entries agree with those differences.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>
#include "clad/Differentiator/Differentiator.h"

#define NP 48
#define TPB 32

__global__ void morse_warp(double* energy, const double* pos, double depth, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double e = 0.0;
  if (i < n) {
    for (int k = 1; k <= 2; ++k) {
      const int j = (i + k) % n;
      const double r = hypot(pos[2 * j] - pos[2 * i], pos[2 * j + 1] - pos[2 * i + 1]);
      const double q = 1.0 - exp(-1.5 * (r - 0.5));
      e += depth * q * q;
    }
  }
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(0xffffffffu, e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(energy, e);
}

__global__ void block_rms(double* out, const double* x, int n) {
  __shared__ double s[TPB];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? x[i] * x[i] : 0.0;
  __syncthreads();
  for (int h = TPB / 2; h > 0; h >>= 1) {
    if (threadIdx.x < h) s[threadIdx.x] += s[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = sqrt(s[0] / TPB);
}

__device__ double f_rhs(double y, double k) { return -k * y * y * y + sin(y); }

__global__ void rk4_many(double* y, double k, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = y[i];
  const double h = 0.05;
  for (int s = 0; s < 20; ++s) {
    const double k1 = f_rhs(v, k), k2 = f_rhs(v + 0.5 * h * k1, k);
    const double k3 = f_rhs(v + 0.5 * h * k2, k), k4 = f_rhs(v + h * k3, k);
    v += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  }
  y[i] = v;
}

double rk4_mean(double* y0, double k, int n) {
  double* d_y = nullptr;
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_y, y0, n * sizeof(double), cudaMemcpyHostToDevice);
  rk4_many<<<(n + TPB - 1) / TPB, TPB>>>(d_y, k, n);
  double back[NP];
  cudaMemcpy(back, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  double m = 0.0;
  for (int i = 0; i < n; ++i) m += back[i];
  cudaFree(d_y);
  return m / n;
}

static double energy_of(const double* h_pos, double depth) {
  double *d_pos, *d_e, e = 0.0;
  cudaMalloc(&d_pos, 2 * NP * sizeof(double));
  cudaMalloc(&d_e, sizeof(double));
  cudaMemcpy(d_pos, h_pos, 2 * NP * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_e, &e, sizeof(double), cudaMemcpyHostToDevice);
  morse_warp<<<2, 32>>>(d_e, d_pos, depth, NP);
  cudaMemcpy(&e, d_e, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_pos);
  cudaFree(d_e);
  return e;
}

static double rms_loss(const double* h_x, const double* w) {
  double *d_x, *d_o, o[2];
  cudaMalloc(&d_x, NP * sizeof(double));
  cudaMalloc(&d_o, 2 * sizeof(double));
  cudaMemcpy(d_x, h_x, NP * sizeof(double), cudaMemcpyHostToDevice);
  block_rms<<<2, TPB>>>(d_o, d_x, NP);
  cudaMemcpy(o, d_o, 2 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_o);
  return w[0] * o[0] + w[1] * o[1];
}

static bool close(double a, double b) { return std::fabs(a - b) <= 1e-6 * (1.0 + std::fabs(b)); }

int main() {
  // (1) Morse energy: positions on a ring of radius 4 (spacing about 0.52), depth 0.8
  double pos[2 * NP], d_pos_h[2 * NP];
  for (int i = 0; i < NP; ++i) {
    const double a = 2.0 * 3.14159265358979 * i / NP, rad = 4.0 + 0.1 * std::sin(3.0 * i);
    pos[2 * i] = rad * std::cos(a);
    pos[2 * i + 1] = rad * std::sin(a);
  }
  double depth = 0.8;
  double *d_pos, *d_e, *a_pos, *a_e, *a_depth;
  cudaMalloc(&d_pos, 2 * NP * sizeof(double));
  cudaMalloc(&d_e, sizeof(double));
  cudaMalloc(&a_pos, 2 * NP * sizeof(double));
  cudaMalloc(&a_e, sizeof(double));
  cudaMalloc(&a_depth, sizeof(double));
  const double zero = 0.0, one = 1.0;
  cudaMemcpy(d_pos, pos, sizeof(pos), cudaMemcpyHostToDevice);
  cudaMemcpy(d_e, &zero, sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(a_e, &one, sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(a_depth, &zero, sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(a_pos, 0, 2 * NP * sizeof(double));
  auto morse_grad = clad::gradient(morse_warp, "energy, pos, depth");
  morse_grad.execute_kernel(dim3(2), dim3(32), d_e, d_pos, depth, NP, a_e, a_pos, a_depth);
  cudaDeviceSynchronize();
  double g_depth;
  cudaMemcpy(d_pos_h, a_pos, sizeof(d_pos_h), cudaMemcpyDeviceToHost);
  cudaMemcpy(&g_depth, a_depth, sizeof(double), cudaMemcpyDeviceToHost);
  bool ok = true;
  const double h = 1e-6;
  for (int k = 0; k < 2 * NP; ++k) {
    double p[2 * NP];
    for (int j = 0; j < 2 * NP; ++j) p[j] = pos[j];
    p[k] = pos[k] + h;
    const double ep = energy_of(p, depth);
    p[k] = pos[k] - h;
    const double em = energy_of(p, depth);
    ok = ok && close(d_pos_h[k], (ep - em) / (2 * h));
  }
  const double fd_depth = (energy_of(pos, depth + h) - energy_of(pos, depth - h)) / (2 * h);
  printf("morse d_depth: %.4f\n", g_depth);  // CHECK-EXEC: morse d_depth: 15.1344
  printf("morse d_pos[0 1 50]: %.4f %.4f %.4f\n", d_pos_h[0], d_pos_h[1], d_pos_h[50]);
  // CHECK-EXEC-NEXT: morse d_pos[0 1 50]: 0.1859 0.0085 -0.1378
  printf("morse matches: %s\n", ok && close(g_depth, fd_depth) ? "yes" : "no");
  // CHECK-EXEC-NEXT: morse matches: yes

  // (2) block RMS, weights 0.7 and -1.3 on the two blocks' outputs
  double x[NP], gx[NP], w[2] = {0.7, -1.3};
  for (int i = 0; i < NP; ++i) x[i] = std::sin(0.37 * i + 0.2);
  double *d_x, *d_o, *a_x, *a_o;
  cudaMalloc(&d_x, NP * sizeof(double));
  cudaMalloc(&d_o, 2 * sizeof(double));
  cudaMalloc(&a_x, NP * sizeof(double));
  cudaMalloc(&a_o, 2 * sizeof(double));
  cudaMemcpy(d_x, x, sizeof(x), cudaMemcpyHostToDevice);
  cudaMemcpy(a_o, w, sizeof(w), cudaMemcpyHostToDevice);
  cudaMemset(a_x, 0, NP * sizeof(double));
  auto rms_grad = clad::gradient(block_rms, "out, x");
  rms_grad.execute_kernel(dim3(2), dim3(TPB), d_o, d_x, NP, a_o, a_x);
  cudaDeviceSynchronize();
  cudaMemcpy(gx, a_x, sizeof(gx), cudaMemcpyDeviceToHost);
  ok = true;
  for (int k = 0; k < NP; ++k) {
    double p[NP];
    for (int j = 0; j < NP; ++j) p[j] = x[j];
    p[k] = x[k] + h;
    const double lp = rms_loss(p, w);
    p[k] = x[k] - h;
    ok = ok && close(gx[k], (lp - rms_loss(p, w)) / (2 * h));
  }
  printf("block_rms d_x[0 31 32 47]: %.4f %.4f %.4f %.4f\n", gx[0], gx[31], gx[32], gx[47]);
  // CHECK-EXEC-NEXT: block_rms d_x[0 31 32 47]: 0.0060 -0.0236 0.0411 0.0779
  printf("block_rms matches: %s\n", ok ? "yes" : "no");  // CHECK-EXEC-NEXT: block_rms matches: yes

  // (3) host function: RK4 on the device, mean on the host
  double y0[NP], gy0[NP];
  for (int i = 0; i < NP; ++i) y0[i] = -0.5 + 2.0 * i / (NP - 1);
  double rate = 0.5, g_rate = 0.0;
  for (int i = 0; i < NP; ++i) gy0[i] = 0.0;
  auto mean_grad = clad::gradient(rk4_mean, "y0, k");
  mean_grad.execute(y0, rate, NP, gy0, &g_rate);
  ok = true;
  for (int k = 0; k < NP; ++k) {
    double p[NP];
    for (int j = 0; j < NP; ++j) p[j] = y0[j];
    p[k] = y0[k] + h;
    const double mp = rk4_mean(p, rate, NP);
    p[k] = y0[k] - h;
    ok = ok && close(gy0[k], (mp - rk4_mean(p, rate, NP)) / (2 * h));
  }
  const double fd_rate = (rk4_mean(y0, rate + h, NP) - rk4_mean(y0, rate - h, NP)) / (2 * h);
  printf("rk4_mean d_k: %.4f\n", g_rate);  // CHECK-EXEC-NEXT: rk4_mean d_k: -0.3502
  printf("rk4_mean d_y0[0 20 47]: %.4f %.4f %.4f\n", gy0[0], gy0[20], gy0[47]);
  // CHECK-EXEC-NEXT: rk4_mean d_y0[0 20 47]: 0.0193 0.0302 0.0018
  printf("rk4_mean matches: %s\n", ok && close(g_rate, fd_rate) ? "yes" : "no");
  // CHECK-EXEC-NEXT: rk4_mean matches: yes
  return 0;
}
