// cuad: --fn warp_bilinear --wrt img,flow,out
// cuad: --fn photometric_loss --wrt img2,flow
// Optical-flow style backward warping (as in unsupervised flow / video codecs): every pixel
// samples img at (x + u, y + v) with bilinear interpolation and zero padding outside the image
// (floor, fractional weights, four guarded taps in a __device__ helper, planar channels,
// grid-stride loop over pixels, flow as double2). The host function warps img2 toward img1 by
// the flow, then a Charbonnier photometric term sqrt(r^2 + eps^2) reduced per block in shared
// memory and a Charbonnier smoothness term on flow forward differences, the partial sums
// copied to the host and added there: three launches, the loss returned as a double.
#include <cuda_runtime.h>
#include <math.h>
#include <vector>

#define RED_THREADS 64

__device__ __forceinline__ double tap(const double* __restrict__ im, int W, int H, int x, int y) {
  return (x >= 0 && x < W && y >= 0 && y < H) ? im[y * W + x] : 0.0;
}

__device__ double sample_bilinear(const double* __restrict__ im, int W, int H, double sx, double sy) {
  const double fx = floor(sx), fy = floor(sy);
  const int x0 = (int)fx, y0 = (int)fy;
  const double ax = sx - fx, ay = sy - fy;
  return (1.0 - ay) * ((1.0 - ax) * tap(im, W, H, x0, y0) + ax * tap(im, W, H, x0 + 1, y0)) +
         ay * ((1.0 - ax) * tap(im, W, H, x0, y0 + 1) + ax * tap(im, W, H, x0 + 1, y0 + 1));
}

__global__ void warp_bilinear(const double* __restrict__ img, const double2* __restrict__ flow,
                              double* __restrict__ out, int C, int W, int H) {
  const int npix = W * H;
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < npix; p += blockDim.x * gridDim.x) {
    const int x = p % W, y = p / W;
    const double2 f = flow[p];
    const double sx = x + f.x, sy = y + f.y;
    for (int c = 0; c < C; ++c) out[c * npix + p] = sample_bilinear(img + c * npix, W, H, sx, sy);
  }
}

__global__ void charbonnier_sum(const double* __restrict__ a, const double* __restrict__ b,
                                double* __restrict__ partial, int n, double eps) {
  __shared__ double s[RED_THREADS];
  double acc = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const double r = a[i] - b[i];
    acc += sqrt(r * r + eps * eps);
  }
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int st = blockDim.x / 2; st > 0; st >>= 1) {
    if (threadIdx.x < st) s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

__global__ void flow_smoothness(const double2* __restrict__ flow, double* __restrict__ partial,
                                int W, int H, double eps) {
  __shared__ double s[RED_THREADS];
  double acc = 0.0;
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < W * H; p += blockDim.x * gridDim.x) {
    const int x = p % W, y = p / W;
    const double2 f = flow[p];
    if (x + 1 < W) {
      const double2 g = flow[p + 1];
      acc += sqrt((g.x - f.x) * (g.x - f.x) + (g.y - f.y) * (g.y - f.y) + eps * eps);
    }
    if (y + 1 < H) {
      const double2 g = flow[p + W];
      acc += sqrt((g.x - f.x) * (g.x - f.x) + (g.y - f.y) * (g.y - f.y) + eps * eps);
    }
  }
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int st = blockDim.x / 2; st > 0; st >>= 1) {
    if (threadIdx.x < st) s[threadIdx.x] += s[threadIdx.x + st];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

double photometric_loss(const double* img1, const double* img2, const double2* flow, int C,
                        int W, int H, double eps, double lambda_smooth) {
  const int npix = W * H, n = C * npix, nblk = 3;
  double *d_img1, *d_img2, *d_warp, *d_part;
  double2* d_flow;
  cudaMalloc(&d_img1, n * sizeof(double));
  cudaMalloc(&d_img2, n * sizeof(double));
  cudaMalloc(&d_warp, n * sizeof(double));
  cudaMalloc(&d_flow, npix * sizeof(double2));
  cudaMalloc(&d_part, 2 * nblk * sizeof(double));
  cudaMemcpy(d_img1, img1, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_img2, img2, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_flow, flow, npix * sizeof(double2), cudaMemcpyHostToDevice);
  warp_bilinear<<<2, 32>>>(d_img2, d_flow, d_warp, C, W, H);
  charbonnier_sum<<<nblk, RED_THREADS>>>(d_warp, d_img1, d_part, n, eps);
  flow_smoothness<<<nblk, RED_THREADS>>>(d_flow, d_part + nblk, W, H, eps);
  std::vector<double> part(2 * nblk);
  cudaMemcpy(part.data(), d_part, 2 * nblk * sizeof(double), cudaMemcpyDeviceToHost);
  double photo = 0.0, smooth = 0.0;
  for (int b = 0; b < nblk; ++b) {
    photo += part[b];
    smooth += part[nblk + b];
  }
  cudaFree(d_img1);
  cudaFree(d_img2);
  cudaFree(d_warp);
  cudaFree(d_flow);
  cudaFree(d_part);
  return photo / n + lambda_smooth * smooth / npix;
}
