// cuad: --fn md_skin --wrt pos,vel,eps,sigma
// LJ dynamics with a Verlet (neighbour) list and a skin, the classic way: the list is built
// on the host by a helper filling std::vector CSR arrays (resize / push_back) with the
// minimum image, uploaded to fresh device buffers; after every drift the positions are
// copied back and the host checks the largest displacement since the last build (minimum
// image, std::max) and rebuilds when it exceeds half the skin (freeing and re-allocating the
// device list). The force kernel walks the list and skips pairs beyond the cutoff; the
// energy is accumulated with atomicAdd. Returns the final potential energy.
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <vector>

static void build_list(const std::vector<double>& x, int n, double L, double rlist, std::vector<int>& start,
                       std::vector<int>& list) {
  start.resize(n + 1);
  list.clear();
  start[0] = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      double r2 = 0.0;
      for (int d = 0; d < 3; ++d) {
        double dd = x[3 * i + d] - x[3 * j + d];
        dd -= L * std::round(dd / L);
        r2 += dd * dd;
      }
      if (r2 < rlist * rlist) list.push_back(j);
    }
    start[i + 1] = (int)list.size();
  }
}

__global__ void lj_list_forces(const double* __restrict__ x, const int* __restrict__ start,
                               const int* __restrict__ list, int n, double L, double eps, double sigma,
                               double rc, double* __restrict__ f, double* __restrict__ epot) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double fi[3] = {0.0, 0.0, 0.0}, e = 0.0;
  for (int k = start[i]; k < start[i + 1]; ++k) {
    const int j = list[k];
    double d[3], r2 = 0.0;
    for (int c = 0; c < 3; ++c) {
      d[c] = x[3 * i + c] - x[3 * j + c];
      d[c] -= L * rint(d[c] / L);
      r2 += d[c] * d[c];
    }
    if (r2 >= rc * rc) continue;
    const double s6 = pow(sigma * sigma / r2, 3.0);
    const double fr = 24.0 * eps * s6 * (2.0 * s6 - 1.0) / r2;
    for (int c = 0; c < 3; ++c) fi[c] += fr * d[c];
    e += 2.0 * eps * s6 * (s6 - 1.0);
  }
  for (int c = 0; c < 3; ++c) f[3 * i + c] = fi[c];
  atomicAdd(epot, e);
}

__global__ void kick_drift(double* __restrict__ x, double* __restrict__ v, const double* __restrict__ f, double dt,
                           int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n3) return;
  v[k] += 0.5 * dt * f[k];
  x[k] += dt * v[k];
}

__global__ void kick(double* __restrict__ v, const double* __restrict__ f, double dt, int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) v[k] += 0.5 * dt * f[k];
}

double md_skin(double* pos, double* vel, int n, double L, double eps, double sigma, double dt, int steps,
               int* rebuilds) {
  const double rc = 1.8, skin = 0.06;
  const int n3 = 3 * n, T = 64, b = (n + T - 1) / T, b3 = (n3 + T - 1) / T;
  std::vector<double> hx(n3), ref(n3);
  std::vector<int> start, list;
  for (int k = 0; k < n3; ++k) hx[k] = ref[k] = pos[k];
  build_list(hx, n, L, rc + skin, start, list);
  double *d_x, *d_v, *d_f, *d_e;
  int *d_start, *d_list;
  cudaMalloc(&d_x, n3 * sizeof(double));
  cudaMalloc(&d_v, n3 * sizeof(double));
  cudaMalloc(&d_f, n3 * sizeof(double));
  cudaMalloc(&d_e, sizeof(double));
  cudaMalloc(&d_start, (n + 1) * sizeof(int));
  cudaMalloc(&d_list, list.size() * sizeof(int));
  cudaMemcpy(d_x, pos, n3 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, vel, n3 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_start, start.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_list, list.data(), list.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_e, 0, sizeof(double));
  lj_list_forces<<<b, T>>>(d_x, d_start, d_list, n, L, eps, sigma, rc, d_f, d_e);
  *rebuilds = 0;
  for (int s = 0; s < steps; ++s) {
    kick_drift<<<b3, T>>>(d_x, d_v, d_f, dt, n3);
    cudaMemcpy(hx.data(), d_x, n3 * sizeof(double), cudaMemcpyDeviceToHost);
    double maxd2 = 0.0;
    for (int i = 0; i < n; ++i) {
      double d2 = 0.0;
      for (int c = 0; c < 3; ++c) {
        double dd = hx[3 * i + c] - ref[3 * i + c];
        dd -= L * std::round(dd / L);
        d2 += dd * dd;
      }
      maxd2 = std::max(maxd2, d2);
    }
    if (4.0 * maxd2 > skin * skin) {
      build_list(hx, n, L, rc + skin, start, list);
      ref = hx;
      cudaFree(d_list);
      cudaMalloc(&d_list, list.size() * sizeof(int));
      cudaMemcpy(d_start, start.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
      cudaMemcpy(d_list, list.data(), list.size() * sizeof(int), cudaMemcpyHostToDevice);
      ++*rebuilds;
    }
    cudaMemset(d_e, 0, sizeof(double));
    lj_list_forces<<<b, T>>>(d_x, d_start, d_list, n, L, eps, sigma, rc, d_f, d_e);
    kick<<<b3, T>>>(d_v, d_f, dt, n3);
  }
  double e = 0.0;
  cudaMemcpy(&e, d_e, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(pos, d_x, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(vel, d_v, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_f);
  cudaFree(d_e);
  cudaFree(d_start);
  cudaFree(d_list);
  return e;
}
