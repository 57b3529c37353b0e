// cuad: --fn pic_deposit_gather --wrt pos,q,background,rho_out,energy
// cuad: fwd --fn pic_deposit_gather
// The charge step of a 2-D electrostatic particle-in-cell code: cloud-in-cell (bilinear)
// deposition of particle charges onto a periodic grid with atomicAdd into the four
// surrounding nodes (cell index from floor, linear weights from the fractional position,
// particle positions as double2 read through __ldg), a neutralizing kernel that scales by
// the cell area and subtracts the ion background, and a gather kernel that interpolates the
// grid back to the particles with the same weights and accumulates q * rho(x_p) into an
// energy with a block-wide reduction in shared memory and one atomicAdd per block. The host
// function clears the grid with cudaMemset before depositing.
#include <cuda_runtime.h>

#define NGX 12
#define NGY 10
#define TPB 64

__device__ __forceinline__ void cic_weights(const double2 p, const double inv_dx,
                                            const double inv_dy, int& i0, int& j0, int& i1,
                                            int& j1, double& wx, double& wy) {
  const double gx = p.x * inv_dx, gy = p.y * inv_dy;
  i0 = (int)floor(gx);
  j0 = (int)floor(gy);
  wx = gx - i0;
  wy = gy - j0;
  i1 = (i0 + 1) % NGX;
  j1 = (j0 + 1) % NGY;
}

__global__ void deposit_cic(const int np, const double2* __restrict__ pos,
                            const double* __restrict__ q, double* rho, const double inv_dx,
                            const double inv_dy) {
  for (int ip = blockIdx.x * blockDim.x + threadIdx.x; ip < np; ip += blockDim.x * gridDim.x) {
    const double2 p = __ldg(&pos[ip]);
    int i0, j0, i1, j1;
    double wx, wy;
    cic_weights(p, inv_dx, inv_dy, i0, j0, i1, j1, wx, wy);
    const double qp = q[ip];
    atomicAdd(&rho[j0 * NGX + i0], qp * (1.0 - wx) * (1.0 - wy));
    atomicAdd(&rho[j0 * NGX + i1], qp * wx * (1.0 - wy));
    atomicAdd(&rho[j1 * NGX + i0], qp * (1.0 - wx) * wy);
    atomicAdd(&rho[j1 * NGX + i1], qp * wx * wy);
  }
}

__global__ void neutralize(double* rho, const double inv_area, const double background) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= NGX * NGY) return;
  rho[c] = rho[c] * inv_area - background;
}

__global__ void gather_energy(const int np, const double2* __restrict__ pos,
                              const double* __restrict__ q, const double* __restrict__ rho,
                              const double inv_dx, const double inv_dy, double* energy) {
  __shared__ double s_e[TPB];
  double e = 0.0;
  for (int ip = blockIdx.x * blockDim.x + threadIdx.x; ip < np; ip += blockDim.x * gridDim.x) {
    const double2 p = __ldg(&pos[ip]);
    int i0, j0, i1, j1;
    double wx, wy;
    cic_weights(p, inv_dx, inv_dy, i0, j0, i1, j1, wx, wy);
    const double r = (1.0 - wx) * (1.0 - wy) * rho[j0 * NGX + i0] +
                     wx * (1.0 - wy) * rho[j0 * NGX + i1] + (1.0 - wx) * wy * rho[j1 * NGX + i0] +
                     wx * wy * rho[j1 * NGX + i1];
    e += 0.5 * q[ip] * r;
  }
  s_e[threadIdx.x] = e;
  __syncthreads();
  for (int s = TPB / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) s_e[threadIdx.x] += s_e[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(energy, s_e[0]);
}

void pic_deposit_gather(const double* pos, const double* q, double* rho_out, double* energy,
                        double background, double dx, double dy, int np) {
  const size_t gbytes = NGX * NGY * sizeof(double);
  double2* d_pos;
  double *d_q, *d_rho, *d_e;
  cudaMalloc(&d_pos, np * sizeof(double2));
  cudaMalloc(&d_q, np * sizeof(double));
  cudaMalloc(&d_rho, gbytes);
  cudaMalloc(&d_e, sizeof(double));
  cudaMemcpy(d_pos, pos, np * sizeof(double2), cudaMemcpyHostToDevice);
  cudaMemcpy(d_q, q, np * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_rho, 0, gbytes);
  cudaMemset(d_e, 0, sizeof(double));
  const double inv_dx = 1.0 / dx, inv_dy = 1.0 / dy;
  deposit_cic<<<2, TPB>>>(np, d_pos, d_q, d_rho, inv_dx, inv_dy);
  neutralize<<<(NGX * NGY + TPB - 1) / TPB, TPB>>>(d_rho, inv_dx * inv_dy, background);
  gather_energy<<<2, TPB>>>(np, d_pos, d_q, d_rho, inv_dx, inv_dy, d_e);
  cudaMemcpy(rho_out, d_rho, gbytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(energy, d_e, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_pos);
  cudaFree(d_q);
  cudaFree(d_rho);
  cudaFree(d_e);
}
