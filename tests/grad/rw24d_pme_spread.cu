// cuad: --fn pme_spread<4> --wrt pos,q,grid
// cuad: fwd --fn pme_spread<4> --wrt pos,q,grid
// cuad: --fn pme_gather_energy<4> --wrt pos,q,phi,energy
// Smooth particle-mesh Ewald charge spreading and the matching energy gather, single
// precision, templated on the interpolation order. Each thread takes one atom, scales its
// position to the K x K x K mesh in an orthorhombic box, splits it into the integer cell
// (floorf) and the fraction, and evaluates the cardinal B-spline weights with the classic
// in-place recursion of Essmann et al. (a local array overwritten pass after pass). The
// spread adds q * wx * wy * wz into the ORDER^3 mesh points below the atom with periodic
// wrap-around (atomicAdd); the gather reads a potential mesh with the same weights and
// accumulates q * phi into a single energy with one atomicAdd per warp after a shuffle sum.
#include <cuda_runtime.h>

template <int ORDER>
__device__ void bspline_weights(float w, float* theta) {
  theta[ORDER - 1] = 0.0f;
  theta[1] = w;
  theta[0] = 1.0f - w;
  for (int j = 3; j <= ORDER - 1; ++j) {
    const float div = 1.0f / (j - 1);
    theta[j - 1] = div * w * theta[j - 2];
    for (int k = 1; k <= j - 2; ++k) theta[j - k - 1] = div * ((w + k) * theta[j - k - 2] + (j - k - w) * theta[j - k - 1]);
    theta[0] = div * (1.0f - w) * theta[0];
  }
  const float div = 1.0f / (ORDER - 1);
  theta[ORDER - 1] = div * w * theta[ORDER - 2];
  for (int k = 1; k <= ORDER - 2; ++k)
    theta[ORDER - k - 1] = div * ((w + k) * theta[ORDER - k - 2] + (ORDER - k - w) * theta[ORDER - k - 1]);
  theta[0] = div * (1.0f - w) * theta[0];
}

__device__ __forceinline__ int wrap(int m, int K) { return (m % K + K) % K; }

template <int ORDER>
__global__ void pme_spread(int n, const float3* __restrict__ pos, const float* __restrict__ q, float3 box, int K,
                           float* __restrict__ grid) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float3 p = pos[i];
  const float ux = K * p.x / box.x, uy = K * p.y / box.y, uz = K * p.z / box.z;
  const int ix = (int)floorf(ux), iy = (int)floorf(uy), iz = (int)floorf(uz);
  float tx[ORDER], ty[ORDER], tz[ORDER];
  bspline_weights<ORDER>(ux - ix, tx);
  bspline_weights<ORDER>(uy - iy, ty);
  bspline_weights<ORDER>(uz - iz, tz);
  const float qi = q[i];
  for (int a = 0; a < ORDER; ++a) {
    const int gx = wrap(ix - ORDER + 1 + a, K);
    for (int b = 0; b < ORDER; ++b) {
      const int gy = wrap(iy - ORDER + 1 + b, K);
      const float qxy = qi * tx[a] * ty[b];
#pragma unroll
      for (int c = 0; c < ORDER; ++c) {
        const int gz = wrap(iz - ORDER + 1 + c, K);
        atomicAdd(&grid[(gx * K + gy) * K + gz], qxy * tz[c]);
      }
    }
  }
}

template <int ORDER>
__global__ void pme_gather_energy(int n, const float3* __restrict__ pos, const float* __restrict__ q, float3 box, int K,
                                  const float* __restrict__ phi, float* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float e = 0.0f;
  if (i < n) {
    const float3 p = pos[i];
    const float u[3] = {K * p.x / box.x, K * p.y / box.y, K * p.z / box.z};
    int base[3];
    float th[3][ORDER];
    for (int d = 0; d < 3; ++d) {
      base[d] = (int)floorf(u[d]);
      bspline_weights<ORDER>(u[d] - base[d], th[d]);
    }
    float acc = 0.0f;
    for (int a = 0; a < ORDER; ++a)
      for (int b = 0; b < ORDER; ++b)
        for (int c = 0; c < ORDER; ++c) {
          const int g = (wrap(base[0] - ORDER + 1 + a, K) * K + wrap(base[1] - ORDER + 1 + b, K)) * K +
                        wrap(base[2] - ORDER + 1 + c, K);
          acc += th[0][a] * th[1][b] * th[2][c] * phi[g];
        }
    e = 0.5f * q[i] * acc;
  }
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(0xffffffffu, e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(energy, e);
}
