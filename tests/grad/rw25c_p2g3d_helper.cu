// cuad: --fn p2g_block_local --wrt x,v,C,grid_m,grid_mv
// cuad: fwd --fn p2g_block_local --wrt x,v,C,grid_m,grid_mv
// 3-D APIC particle-to-grid in single precision with Taichi's block-local storage: particles
// are binned by tile on the host (bin_start), one block per tile accumulates mass and momentum
// into a shared (TILE+2)^3 node tile with shared-memory atomicAdd (a helper taking the shared
// arrays does the splat; rw25c_p2g3d_lambda has the same with a lambda),
// then flushes the tile into the global grid with global atomicAdd (tiles overlap in their
// halos). Small vector/matrix structs have constructors (a zeroing default constructor and a
// field-copying one); the affine term uses a matrix-vector operator.
#include <cuda_runtime.h>

#define TILE 4
#define TS (TILE + 2)
#define NGRID 8

struct V3 {
  float x, y, z;
  __device__ V3() : x(0.0f), y(0.0f), z(0.0f) {}
  __device__ V3(float a, float b, float c) : x(a), y(b), z(c) {}
};
struct M3 {
  V3 r0, r1, r2;  // rows
};
__device__ inline V3 operator+(const V3& a, const V3& b) { return V3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ inline V3 operator*(float s, const V3& a) { return V3(s * a.x, s * a.y, s * a.z); }
__device__ inline float dot(const V3& a, const V3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ inline V3 operator*(const M3& A, const V3& v) { return V3(dot(A.r0, v), dot(A.r1, v), dot(A.r2, v)); }

__device__ inline void quad_weights(float f, float* w) {
  w[0] = 0.5f * (1.5f - f) * (1.5f - f);
  w[1] = 0.75f - (f - 1.0f) * (f - 1.0f);
  w[2] = 0.5f * (f - 0.5f) * (f - 0.5f);
}

__device__ inline void splat(float* s_m, float* s_mv, int lx, int ly, int lz, float w, float p_mass, const V3& mom) {
  const int node = (lx * TS + ly) * TS + lz;
  atomicAdd(&s_m[node], w * p_mass);
  atomicAdd(&s_mv[3 * node], w * mom.x);
  atomicAdd(&s_mv[3 * node + 1], w * mom.y);
  atomicAdd(&s_mv[3 * node + 2], w * mom.z);
}

__global__ void p2g_block_local(const int* __restrict__ bin_start, const int* __restrict__ pid,
                                const float* __restrict__ x, const float* __restrict__ v,
                                const float* __restrict__ C, float dx, float p_mass, float* grid_m,
                                float* grid_mv) {
  __shared__ float s_m[TS * TS * TS];
  __shared__ float s_mv[3 * TS * TS * TS];
  const int tiles = NGRID / TILE;
  const int tx = blockIdx.x / (tiles * tiles), ty = (blockIdx.x / tiles) % tiles, tz = blockIdx.x % tiles;
  const int ox = tx * TILE, oy = ty * TILE, oz = tz * TILE;
  for (int k = threadIdx.x; k < TS * TS * TS; k += blockDim.x) {
    s_m[k] = 0.0f;
    s_mv[3 * k] = 0.0f;
    s_mv[3 * k + 1] = 0.0f;
    s_mv[3 * k + 2] = 0.0f;
  }
  __syncthreads();
  const float inv_dx = 1.0f / dx;
  for (int q = bin_start[blockIdx.x] + threadIdx.x; q < bin_start[blockIdx.x + 1]; q += blockDim.x) {
    const int p = pid[q];
    const V3 xp(x[3 * p], x[3 * p + 1], x[3 * p + 2]);
    const V3 vp(v[3 * p], v[3 * p + 1], v[3 * p + 2]);
    M3 Cp;
    Cp.r0 = V3(C[9 * p], C[9 * p + 1], C[9 * p + 2]);
    Cp.r1 = V3(C[9 * p + 3], C[9 * p + 4], C[9 * p + 5]);
    Cp.r2 = V3(C[9 * p + 6], C[9 * p + 7], C[9 * p + 8]);
    const int bx = (int)(xp.x * inv_dx - 0.5f), by = (int)(xp.y * inv_dx - 0.5f), bz = (int)(xp.z * inv_dx - 0.5f);
    const V3 f(xp.x * inv_dx - bx, xp.y * inv_dx - by, xp.z * inv_dx - bz);
    float wx[3], wy[3], wz[3];
    quad_weights(f.x, wx);
    quad_weights(f.y, wy);
    quad_weights(f.z, wz);
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 3; ++k) {
          const V3 dpos((i - f.x) * dx, (j - f.y) * dx, (k - f.z) * dx);
          const V3 mom = p_mass * (vp + Cp * dpos);
          splat(s_m, s_mv, bx + i - ox, by + j - oy, bz + k - oz, wx[i] * wy[j] * wz[k], p_mass, mom);
        }
  }
  __syncthreads();
  for (int k = threadIdx.x; k < TS * TS * TS; k += blockDim.x) {
    const int lx = k / (TS * TS), ly = (k / TS) % TS, lz = k % TS;
    const int gx = ox + lx, gy = oy + ly, gz = oz + lz;
    if (gx >= NGRID || gy >= NGRID || gz >= NGRID) continue;
    const int g = (gx * NGRID + gy) * NGRID + gz;
    atomicAdd(&grid_m[g], s_m[k]);
    atomicAdd(&grid_mv[3 * g], s_mv[3 * k]);
    atomicAdd(&grid_mv[3 * g + 1], s_mv[3 * k + 1]);
    atomicAdd(&grid_mv[3 * g + 2], s_mv[3 * k + 2]);
  }
}
