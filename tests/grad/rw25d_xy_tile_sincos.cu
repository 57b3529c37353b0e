// cuad: --fn xy_energy_torque<8,4> --wrt theta,Jx,Jy,h,torque,energy
// cuad: fwd --fn xy_energy_torque<8,4> --wrt theta,Jx,Jy,h,torque,energy
// Classical XY model on a periodic L x L lattice with bond couplings and a uniform field:
//   E = -sum_i [Jx_i cos(t_i - t_{i+x}) + Jy_i cos(t_i - t_{i+y}) + h cos t_i],
// single precision, a kernel template on the block shape. Each block loads its tile of
// (cos t, sin t) pairs (sincosf) plus a one-site halo into shared memory, computes the
// torque -dE/dt_i from the four neighbours with cos(a - b) = ca cb + sa sb and
// sin(a - b) = sa cb - ca sb, and its site energy (the two forward bonds and the field);
// the energy is reduced per warp with __shfl_down_sync and added with atomicAdd.
#include <cuda_runtime.h>
#include <math.h>

template <int BX, int BY>
__global__ void xy_energy_torque(int L, const float* __restrict__ theta, const float* __restrict__ Jx,
                                 const float* __restrict__ Jy, float h, float* __restrict__ torque,
                                 float* __restrict__ energy) {
  __shared__ float cs[BY + 2][BX + 2];
  __shared__ float sn[BY + 2][BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BX + tx, y = blockIdx.y * BY + ty;
  // tile plus halo: threads stride over the (BX+2) x (BY+2) patch
  for (int k = ty * BX + tx; k < (BX + 2) * (BY + 2); k += BX * BY) {
    const int hx = k % (BX + 2), hy = k / (BX + 2);
    const int gx = (blockIdx.x * BX + hx - 1 + L) % L, gy = (blockIdx.y * BY + hy - 1 + L) % L;
    float s, c;
    sincosf(theta[gy * L + gx], &s, &c);
    cs[hy][hx] = c;
    sn[hy][hx] = s;
  }
  __syncthreads();
  float e = 0.0f;
  if (x < L && y < L) {
    const int i = y * L + x;
    const int xm = (x + L - 1) % L, ym = (y + L - 1) % L;
    const float c0 = cs[ty + 1][tx + 1], s0 = sn[ty + 1][tx + 1];
    const float cE = cs[ty + 1][tx + 2], sE = sn[ty + 1][tx + 2];
    const float cW = cs[ty + 1][tx], sW = sn[ty + 1][tx];
    const float cN = cs[ty + 2][tx + 1], sN = sn[ty + 2][tx + 1];
    const float cS = cs[ty][tx + 1], sS = sn[ty][tx + 1];
    const float jE = Jx[i], jW = Jx[y * L + xm], jN = Jy[i], jS = Jy[ym * L + x];
    torque[i] = -(jE * (s0 * cE - c0 * sE) + jW * (s0 * cW - c0 * sW) + jN * (s0 * cN - c0 * sN) +
                  jS * (s0 * cS - c0 * sS) + h * s0);
    e = -(jE * (c0 * cE + s0 * sE) + jN * (c0 * cN + s0 * sN) + h * c0);
  }
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(0xffffffffu, e, off);
  if (((ty * BX + tx) & 31) == 0) atomicAdd(energy, e);
}

template __global__ void xy_energy_torque<8, 4>(int, const float*, const float*, const float*, float, float*, float*);
