// cuad: --fn horn_schunck_flow --wrt I0,I1,u,v,alpha
// Horn-Schunck optical flow driven from the host, as a small vision library writes it: the
// frames and the initial flow are uploaded, a derivative kernel computes Ix, Iy, It with
// central differences averaged over both frames (clamp-to-edge reads through an index helper),
// then a fixed number of Jacobi iterations each read (u, v) and write (u2, v2), with the
// device pointers swapped by std::swap after every launch (2-D grid of 8x8 blocks). A final
// kernel evaluates the Horn-Schunck energy with atomicAdd into one device double, which the
// host copies back and returns; the flow is copied back over the caller's u and v.
#include <cuda_runtime.h>
#include <utility>

__host__ __device__ __forceinline__ int clamp_idx(int v, int n) {
  return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

__device__ __forceinline__ double tex2d_clamp(const double* img, int x, int y, int W, int H) {
  return img[clamp_idx(y, H) * W + clamp_idx(x, W)];
}

__global__ void image_derivatives(const double* __restrict__ I0, const double* __restrict__ I1,
                                  double* __restrict__ Ix, double* __restrict__ Iy,
                                  double* __restrict__ It, int W, int H) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const int i = y * W + x;
  const double gx0 = tex2d_clamp(I0, x + 1, y, W, H) - tex2d_clamp(I0, x - 1, y, W, H);
  const double gx1 = tex2d_clamp(I1, x + 1, y, W, H) - tex2d_clamp(I1, x - 1, y, W, H);
  const double gy0 = tex2d_clamp(I0, x, y + 1, W, H) - tex2d_clamp(I0, x, y - 1, W, H);
  const double gy1 = tex2d_clamp(I1, x, y + 1, W, H) - tex2d_clamp(I1, x, y - 1, W, H);
  Ix[i] = 0.25 * (gx0 + gx1);
  Iy[i] = 0.25 * (gy0 + gy1);
  It[i] = I1[i] - I0[i];
}

__device__ __forceinline__ double neighbour_mean(const double* f, int x, int y, int W, int H) {
  return 0.25 * (tex2d_clamp(f, x - 1, y, W, H) + tex2d_clamp(f, x + 1, y, W, H) +
                 tex2d_clamp(f, x, y - 1, W, H) + tex2d_clamp(f, x, y + 1, W, H));
}

__global__ void hs_iteration(const double* __restrict__ Ix, const double* __restrict__ Iy,
                             const double* __restrict__ It, const double* __restrict__ u,
                             const double* __restrict__ v, double* __restrict__ u_next,
                             double* __restrict__ v_next, int W, int H, double alpha2) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const int i = y * W + x;
  const double ub = neighbour_mean(u, x, y, W, H);
  const double vb = neighbour_mean(v, x, y, W, H);
  const double ix = Ix[i], iy = Iy[i];
  const double t = (ix * ub + iy * vb + It[i]) / (alpha2 + ix * ix + iy * iy);
  u_next[i] = ub - ix * t;
  v_next[i] = vb - iy * t;
}

__global__ void hs_energy(const double* __restrict__ Ix, const double* __restrict__ Iy,
                          const double* __restrict__ It, const double* __restrict__ u,
                          const double* __restrict__ v, int W, int H, double alpha2,
                          double* __restrict__ energy) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const int i = y * W + x;
  const double r = Ix[i] * u[i] + Iy[i] * v[i] + It[i];
  double smooth = 0.0;
  if (x + 1 < W) {
    const double du = u[i + 1] - u[i], dv = v[i + 1] - v[i];
    smooth += du * du + dv * dv;
  }
  if (y + 1 < H) {
    const double du = u[i + W] - u[i], dv = v[i + W] - v[i];
    smooth += du * du + dv * dv;
  }
  atomicAdd(energy, r * r + alpha2 * smooth);
}

double horn_schunck_flow(const double* I0, const double* I1, double* u, double* v, int W, int H,
                         double alpha, int iters) {
  const size_t bytes = (size_t)W * H * sizeof(double);
  double *d_I0, *d_I1, *d_Ix, *d_Iy, *d_It, *d_u, *d_v, *d_u2, *d_v2, *d_energy;
  cudaMalloc(&d_I0, bytes);
  cudaMalloc(&d_I1, bytes);
  cudaMalloc(&d_Ix, bytes);
  cudaMalloc(&d_Iy, bytes);
  cudaMalloc(&d_It, bytes);
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_v, bytes);
  cudaMalloc(&d_u2, bytes);
  cudaMalloc(&d_v2, bytes);
  cudaMalloc(&d_energy, sizeof(double));
  cudaMemcpy(d_I0, I0, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_I1, I1, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_u, u, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, bytes, cudaMemcpyHostToDevice);
  cudaMemset(d_energy, 0, sizeof(double));

  const dim3 block(8, 8);
  const dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
  const double alpha2 = alpha * alpha;
  image_derivatives<<<grid, block>>>(d_I0, d_I1, d_Ix, d_Iy, d_It, W, H);
  for (int it = 0; it < iters; ++it) {
    hs_iteration<<<grid, block>>>(d_Ix, d_Iy, d_It, d_u, d_v, d_u2, d_v2, W, H, alpha2);
    std::swap(d_u, d_u2);
    std::swap(d_v, d_v2);
  }
  hs_energy<<<grid, block>>>(d_Ix, d_Iy, d_It, d_u, d_v, W, H, alpha2, d_energy);

  double energy = 0.0;
  cudaMemcpy(&energy, d_energy, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(u, d_u, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(v, d_v, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_I0);
  cudaFree(d_I1);
  cudaFree(d_Ix);
  cudaFree(d_Iy);
  cudaFree(d_It);
  cudaFree(d_u);
  cudaFree(d_v);
  cudaFree(d_u2);
  cudaFree(d_v2);
  cudaFree(d_energy);
  return energy;
}
