// cuad: --fn wave_snapshots --wrt vel,p_init,snaps
// 2-D acoustic wave propagation on pitched device memory, as a seismic modelling code with
// row-aligned arrays writes it: the two time levels and the velocity model are allocated
// with cudaMallocPitch, filled with cudaMemset2D and cudaMemcpy2D (host rows -> pitched rows),
// the kernels index rows through the pitch in bytes (a char* row walk cast back to double*),
// a sponge taper on the last cells before each edge absorbs outgoing waves, the time levels
// swap with std::swap, and every `every` steps a window of the wavefield (rows z0.., columns
// x0..) is copied into the caller's snapshot array with a strided cudaMemcpy2D (the window's
// corner addressed in elements, pitch / sizeof(double); the byte form `(char*)d_cur + z0 *
// pitch + ...` is refused: rw25a_min_memcpy2d_byte_offset).
#include <cuda_runtime.h>
#include <utility>

__device__ __forceinline__ double* row(double* base, size_t pitch, int z) {
  return (double*)((char*)base + z * pitch);
}
__device__ __forceinline__ const double* crow(const double* base, size_t pitch, int z) {
  return (const double*)((const char*)base + z * pitch);
}

__global__ void leap(const double* __restrict__ prev, const double* __restrict__ cur, double* __restrict__ next,
                     const double* __restrict__ vel, size_t pitch, int nx, int nz, double r2) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int z = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || z < 1 || x >= nx - 1 || z >= nz - 1) return;
  const double* c = crow(cur, pitch, z);
  const double lap = c[x - 1] + c[x + 1] + crow(cur, pitch, z - 1)[x] + crow(cur, pitch, z + 1)[x] - 4.0 * c[x];
  const double v = crow(vel, pitch, z)[x];
  const int d = min(min(x, nx - 1 - x), min(z, nz - 1 - z));
  const double taper = d < 3 ? 1.0 - 0.06 * (3 - d) * (3 - d) : 1.0;
  row(next, pitch, z)[x] = taper * (2.0 * c[x] - taper * crow(prev, pitch, z)[x] + r2 * v * v * lap);
}

void wave_snapshots(const double* vel, const double* p_init, int nx, int nz, int nt, int every, int x0, int z0,
                    int wx, int wz, double* snaps) {
  size_t pitch;
  double *d_prev, *d_cur, *d_next, *d_vel;
  cudaMallocPitch(&d_prev, &pitch, nx * sizeof(double), nz);
  cudaMallocPitch(&d_cur, &pitch, nx * sizeof(double), nz);
  cudaMallocPitch(&d_next, &pitch, nx * sizeof(double), nz);
  cudaMallocPitch(&d_vel, &pitch, nx * sizeof(double), nz);
  cudaMemset2D(d_next, pitch, 0, nx * sizeof(double), nz);
  cudaMemcpy2D(d_vel, pitch, vel, nx * sizeof(double), nx * sizeof(double), nz, cudaMemcpyHostToDevice);
  cudaMemcpy2D(d_cur, pitch, p_init, nx * sizeof(double), nx * sizeof(double), nz, cudaMemcpyHostToDevice);
  cudaMemcpy2D(d_prev, pitch, p_init, nx * sizeof(double), nx * sizeof(double), nz, cudaMemcpyHostToDevice);
  const dim3 block(8, 8), grid((nx + 7) / 8, (nz + 7) / 8);
  int s = 0;
  for (int t = 1; t <= nt; ++t) {
    leap<<<grid, block>>>(d_prev, d_cur, d_next, d_vel, pitch, nx, nz, 0.2);
    std::swap(d_prev, d_cur);
    std::swap(d_cur, d_next);
    if (t % every == 0) {
      cudaMemcpy2D(snaps + (size_t)s * wx * wz, wx * sizeof(double), d_cur + z0 * (pitch / sizeof(double)) + x0,
                   pitch, wx * sizeof(double), wz, cudaMemcpyDeviceToHost);
      ++s;
    }
  }
  cudaFree(d_prev);
  cudaFree(d_cur);
  cudaFree(d_next);
  cudaFree(d_vel);
}
