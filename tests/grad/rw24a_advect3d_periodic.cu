// cuad: --fn advect3d_run --wrt c0,kappa,c_out
// Passive-tracer transport on a periodic 3-D box: first-order upwind advection by a fixed
// velocity field plus explicit diffusion, as a kernel template on the real type with 3-D grid
// indexing (idx3 helper, neighbours wrapped with modulo). The host driver picks the time step
// from the CFL condition: the maximum speed is reduced on the device with atomicMax on the
// float bit pattern (the velocity is data, not a differentiated input), read back, and the step
// loop ping-pongs two buffers with std::swap. Gradient w.r.t. the initial tracer and kappa.
#include <cuda_runtime.h>
#include <cstring>
#include <utility>

__host__ __device__ inline int idx3(int i, int j, int k, int nx, int ny) {
  return (k * ny + j) * nx + i;
}

__device__ inline int pwrap(int i, int n) { return (i + n) % n; }

template <typename T>
__global__ void advect_diffuse(const T* __restrict__ c, T* __restrict__ cn,
                               const T* __restrict__ u, const T* __restrict__ v,
                               const T* __restrict__ w, T kappa, T dt, T inv_dx, int nx, int ny,
                               int nz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i >= nx || j >= ny || k >= nz) return;
  const int id = idx3(i, j, k, nx, ny);
  const T cc = c[id];
  const T cxm = c[idx3(pwrap(i - 1, nx), j, k, nx, ny)], cxp = c[idx3(pwrap(i + 1, nx), j, k, nx, ny)];
  const T cym = c[idx3(i, pwrap(j - 1, ny), k, nx, ny)], cyp = c[idx3(i, pwrap(j + 1, ny), k, nx, ny)];
  const T czm = c[idx3(i, j, pwrap(k - 1, nz), nx, ny)], czp = c[idx3(i, j, pwrap(k + 1, nz), nx, ny)];
  const T uu = u[id], vv = v[id], ww = w[id];
  const T ddx = uu > T(0) ? cc - cxm : cxp - cc;
  const T ddy = vv > T(0) ? cc - cym : cyp - cc;
  const T ddz = ww > T(0) ? cc - czm : czp - cc;
  const T lap = cxm + cxp + cym + cyp + czm + czp - T(6) * cc;
  cn[id] = cc - dt * inv_dx * (uu * ddx + vv * ddy + ww * ddz) + kappa * dt * inv_dx * inv_dx * lap;
}

__global__ void max_speed_bits(const float* u, const float* v, const float* w, int n, int* bits) {
  const int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n) return;
  const float s = fabsf(u[id]) + fabsf(v[id]) + fabsf(w[id]);
  atomicMax(bits, __float_as_int(s));
}

void advect3d_run(const float* c0, const float* vel, float kappa, float dx, float cfl, int nx,
                  int ny, int nz, int nsteps, float* c_out) {
  const int n = nx * ny * nz;
  const size_t bytes = n * sizeof(float);
  float *d_c, *d_cn, *d_vel;
  int* d_bits;
  cudaMalloc(&d_c, bytes);
  cudaMalloc(&d_cn, bytes);
  cudaMalloc(&d_vel, 3 * bytes);
  cudaMalloc(&d_bits, sizeof(int));
  cudaMemcpy(d_c, c0, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_vel, vel, 3 * bytes, cudaMemcpyHostToDevice);
  cudaMemset(d_bits, 0, sizeof(int));
  max_speed_bits<<<(n + 63) / 64, 64>>>(d_vel, d_vel + n, d_vel + 2 * n, n, d_bits);
  int bits = 0;
  cudaMemcpy(&bits, d_bits, sizeof(int), cudaMemcpyDeviceToHost);
  float smax;
  std::memcpy(&smax, &bits, sizeof(float));
  float dt = cfl * dx / smax;
  const float dt_diff = 0.1f * dx * dx / kappa;  // explicit diffusion limit (not binding here)
  if (dt > dt_diff) dt = dt_diff;

  const dim3 blk(4, 4, 2), grd((nx + 3) / 4, (ny + 3) / 4, (nz + 1) / 2);
  for (int s = 0; s < nsteps; ++s) {
    advect_diffuse<float><<<grd, blk>>>(d_c, d_cn, d_vel, d_vel + n, d_vel + 2 * n, kappa, dt,
                                        1.0f / dx, nx, ny, nz);
    std::swap(d_c, d_cn);
  }
  cudaMemcpy(c_out, d_c, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_c);
  cudaFree(d_cn);
  cudaFree(d_vel);
  cudaFree(d_bits);
}
