// cuad: --fn tv_denoise --wrt noisy,lambda,tau,result
// cuad: fwd --fn tv_denoise --wrt noisy,lambda,tau,result
// Smoothed total-variation denoising by explicit gradient descent, in pitched device memory:
// the noisy image is uploaded with cudaMemcpy2D into cudaMallocPitch buffers, rows reached as
// (double*)((char*)base + y * pitch); each iteration of the host loop launches a kernel that
// computes the forward-difference gradient, the divergence of the normalized field (with
// clamp at the borders) and takes a step, ping-ponging between two pitched buffers.
#include <cuda_runtime.h>
#include <utility>

__device__ __forceinline__ const double* row_ptr(const double* base, size_t pitch, int y) {
  return (const double*)((const char*)base + y * pitch);
}

__device__ double tv_flux_x(const double* u, size_t pitch, int x, int y, int W, int H, double eps) {
  // normalized x-component of grad u at (x, y), zero at the right border
  if (x >= W - 1) return 0.0;
  const double* r = row_ptr(u, pitch, y);
  const double ux = r[x + 1] - r[x];
  const double uy = (y < H - 1 ? row_ptr(u, pitch, y + 1)[x] : r[x]) - r[x];
  return ux / sqrt(ux * ux + uy * uy + eps);
}

__device__ double tv_flux_y(const double* u, size_t pitch, int x, int y, int W, int H, double eps) {
  if (y >= H - 1) return 0.0;
  const double* r = row_ptr(u, pitch, y);
  const double ux = (x < W - 1 ? r[x + 1] : r[x]) - r[x];
  const double uy = row_ptr(u, pitch, y + 1)[x] - r[x];
  return uy / sqrt(ux * ux + uy * uy + eps);
}

__global__ void tv_step(const double* __restrict__ u, const double* __restrict__ f, size_t pitch,
                        double* __restrict__ u_next, int W, int H, double lambda, double tau) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const double eps = 1e-2;
  double div = tv_flux_x(u, pitch, x, y, W, H, eps) + tv_flux_y(u, pitch, x, y, W, H, eps);
  if (x > 0) div -= tv_flux_x(u, pitch, x - 1, y, W, H, eps);
  if (y > 0) div -= tv_flux_y(u, pitch, x, y - 1, W, H, eps);
  const double uc = row_ptr(u, pitch, y)[x];
  const double fc = row_ptr(f, pitch, y)[x];
  double* out = (double*)((char*)u_next + y * pitch);
  out[x] = uc + tau * (div - lambda * (uc - fc));
}

void tv_denoise(const double* noisy, double* result, int W, int H, double lambda, double tau,
                int iters) {
  double *d_f, *d_u, *d_v;
  size_t pitch;
  cudaMallocPitch((void**)&d_f, &pitch, W * sizeof(double), H);
  cudaMallocPitch((void**)&d_u, &pitch, W * sizeof(double), H);
  cudaMallocPitch((void**)&d_v, &pitch, W * sizeof(double), H);
  cudaMemcpy2D(d_f, pitch, noisy, W * sizeof(double), W * sizeof(double), H, cudaMemcpyHostToDevice);
  cudaMemcpy2D(d_u, pitch, noisy, W * sizeof(double), W * sizeof(double), H, cudaMemcpyHostToDevice);
  dim3 block(8, 4);
  dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
  for (int it = 0; it < iters; ++it) {
    tv_step<<<grid, block>>>(d_u, d_f, pitch, d_v, W, H, lambda, tau);
    std::swap(d_u, d_v);
  }
  cudaMemcpy2D(result, W * sizeof(double), d_u, pitch, W * sizeof(double), H, cudaMemcpyDeviceToHost);
  cudaFree(d_f);
  cudaFree(d_u);
  cudaFree(d_v);
}
