// cuad: --fn te_run --wrt eps_inv,hz0,hz_out
// cuad: fwd --fn te_run --wrt eps_inv,hz0,hz_out
// 2-D TE FDTD (Ex, Ey, Hz) stepped from the host as older solver code does it: the magnetic
// field ping-pongs between two buffers chosen by the parity of the step (`t & 1 ? d_hz1 :
// d_hz0`, the new Hz written to the other buffer, with a lossy sponge factor per cell), and
// the two electric components are updated by one kernel launched twice with per-component
// strides and signs (the curl of Hz along y for Ex, along x for Ey). (The original loop over a
// host table of component pointers is refused: rw25a_min_host_ptr_table_launch.) The initial Hz comes from the caller (an eigenmode
// guess); the final Hz goes back to the caller.
#include <cuda_runtime.h>

#define NXX 14
#define NYY 12
#define BS 64

// e += ce * sign * (hz[k] - hz[k - stride]) on cells whose backward neighbour exists
__global__ void update_e_comp(double* e, const double* __restrict__ hz, const double* __restrict__ eps_inv,
                              int stride, double sign, double ce) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= NXX * NYY) return;
  const int i = k % NXX, j = k / NXX;
  if ((stride == 1 && i == 0) || (stride == NXX && j == 0)) return;
  e[k] += ce * eps_inv[k] * sign * (hz[k] - hz[k - stride]);
}

__global__ void update_hz(const double* __restrict__ hz_old, double* __restrict__ hz_new,
                          const double* __restrict__ ex, const double* __restrict__ ey,
                          const double* __restrict__ sponge, double ch) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= NXX * NYY) return;
  const int i = k % NXX, j = k / NXX;
  double curl = 0.0;
  if (i < NXX - 1) curl += ey[k + 1] - ey[k];
  if (j < NYY - 1) curl -= ex[k + NXX] - ex[k];
  hz_new[k] = sponge[k] * (hz_old[k] - ch * curl);
}

void te_run(const double* eps_inv, const double* hz0, double* hz_out, int nt) {
  const int m = NXX * NYY;
  const size_t b = m * sizeof(double);
  double *d_ex, *d_ey, *d_hz0, *d_hz1, *d_eps, *d_sp;
  cudaMalloc(&d_ex, b);
  cudaMalloc(&d_ey, b);
  cudaMalloc(&d_hz0, b);
  cudaMalloc(&d_hz1, b);
  cudaMalloc(&d_eps, b);
  cudaMalloc(&d_sp, b);
  cudaMemset(d_ex, 0, b);
  cudaMemset(d_ey, 0, b);
  cudaMemcpy(d_hz0, hz0, b, cudaMemcpyHostToDevice);
  cudaMemcpy(d_eps, eps_inv, b, cudaMemcpyHostToDevice);
  double sp[NXX * NYY];
  for (int k = 0; k < m; ++k) {
    const int i = k % NXX, j = k / NXX;
    const int d = i < 2 ? 2 - i : (i > NXX - 3 ? i - (NXX - 3) : 0);
    const int e = j < 2 ? 2 - j : (j > NYY - 3 ? j - (NYY - 3) : 0);
    sp[k] = 1.0 - 0.08 * (d * d + e * e);
  }
  cudaMemcpy(d_sp, sp, b, cudaMemcpyHostToDevice);
  const int blocks = (m + BS - 1) / BS;
  for (int t = 0; t < nt; ++t) {
    const double* hz = (t & 1) ? d_hz1 : d_hz0;
    double* hz_next = (t & 1) ? d_hz0 : d_hz1;
    update_e_comp<<<blocks, BS>>>(d_ex, hz, d_eps, NXX, 1.0, 0.5);
    update_e_comp<<<blocks, BS>>>(d_ey, hz, d_eps, 1, -1.0, 0.5);
    update_hz<<<blocks, BS>>>(hz, hz_next, d_ex, d_ey, d_sp, 0.5);
  }
  cudaMemcpy(hz_out, (nt & 1) ? d_hz1 : d_hz0, b, cudaMemcpyDeviceToHost);
  cudaFree(d_ex);
  cudaFree(d_ey);
  cudaFree(d_hz0);
  cudaFree(d_hz1);
  cudaFree(d_eps);
  cudaFree(d_sp);
}
