// cuad: --fn registration_cost --wrt moving,theta
// The cost function of an intensity-based image registration code (medical imaging style):
// the host copies a fixed and a moving image and a 2x3 affine transform to the device, a
// first kernel pre-smooths the moving image with a separable [1 2 1]/4 box stencil (edges
// replicated), a second kernel template on the block size warps it with the affine map about
// the image centre by bilinear interpolation (zero outside, __ldg taps) and reduces the
// squared residuals per block (warp shuffles, then one shared-memory slot per warp), and the
// host adds the block partials and a Tikhonov term pulling the transform to the identity.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

__global__ void smooth3(double* __restrict__ out, const double* __restrict__ in, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  double acc = 0.0;
#pragma unroll
  for (int dy = -1; dy <= 1; ++dy) {
#pragma unroll
    for (int dx = -1; dx <= 1; ++dx) {
      const int xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1);
      const double wgt = (dx == 0 ? 0.5 : 0.25) * (dy == 0 ? 0.5 : 0.25);
      acc += wgt * in[yy * w + xx];
    }
  }
  out[y * w + x] = acc;
}

__device__ __forceinline__ double tap(const double* img, int x, int y, int w, int h) {
  return (x >= 0 && x < w && y >= 0 && y < h) ? __ldg(&img[y * w + x]) : 0.0;
}

__device__ double bilinear(const double* img, double fx, double fy, int w, int h) {
  const double x0f = floor(fx), y0f = floor(fy);
  const int x0 = (int)x0f, y0 = (int)y0f;
  const double ax = fx - x0f, ay = fy - y0f;
  return (1.0 - ay) * ((1.0 - ax) * tap(img, x0, y0, w, h) + ax * tap(img, x0 + 1, y0, w, h)) +
         ay * ((1.0 - ax) * tap(img, x0, y0 + 1, w, h) + ax * tap(img, x0 + 1, y0 + 1, w, h));
}

template <int BLOCK>
__global__ void warp_ssd(double* __restrict__ partial, const double* __restrict__ fixed_img,
                         const double* __restrict__ mov, const double* __restrict__ theta, int w,
                         int h) {
  __shared__ double warp_sums[BLOCK / 32];
  const int n = w * h;
  const double cx = 0.5 * (w - 1), cy = 0.5 * (h - 1);
  double s = 0.0;
  for (int p = blockIdx.x * BLOCK + threadIdx.x; p < n; p += BLOCK * gridDim.x) {
    const double x = (p % w) - cx, y = (p / w) - cy;
    const double u = theta[0] * x + theta[1] * y + theta[2] + cx;
    const double v = theta[3] * x + theta[4] * y + theta[5] + cy;
    const double r = bilinear(mov, u, v, w, h) - fixed_img[p];
    s += r * r;
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) s += __shfl_down_sync(FULL_MASK, s, o);
  const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
  if (lane == 0) warp_sums[wid] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    double b = 0.0;
    for (int k = 0; k < BLOCK / 32; ++k) b += warp_sums[k];
    partial[blockIdx.x] = b;
  }
}

double registration_cost(const double* fixed_img, const double* moving, const double* theta,
                         int w, int h, double lambda) {
  const int n = w * h;
  constexpr int kBlock = 64;
  const int blocks = 3;
  double *d_fix, *d_mov, *d_smooth, *d_theta, *d_part;
  cudaMalloc(&d_fix, n * sizeof(double));
  cudaMalloc(&d_mov, n * sizeof(double));
  cudaMalloc(&d_smooth, n * sizeof(double));
  cudaMalloc(&d_theta, 6 * sizeof(double));
  cudaMalloc(&d_part, blocks * sizeof(double));
  cudaMemcpy(d_fix, fixed_img, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_mov, moving, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_theta, theta, 6 * sizeof(double), cudaMemcpyHostToDevice);
  dim3 b2(8, 8), g2((w + 7) / 8, (h + 7) / 8);
  smooth3<<<g2, b2>>>(d_smooth, d_mov, w, h);
  warp_ssd<kBlock><<<blocks, kBlock>>>(d_part, d_fix, d_smooth, d_theta, w, h);
  double part[blocks];
  cudaMemcpy(part, d_part, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  double cost = 0.0;
  for (int b = 0; b < blocks; ++b) cost += part[b];
  const double id[6] = {1.0, 0.0, 0.0, 0.0, 1.0, 0.0};
  for (int k = 0; k < 6; ++k) cost += lambda * (theta[k] - id[k]) * (theta[k] - id[k]);
  cudaFree(d_fix);
  cudaFree(d_mov);
  cudaFree(d_smooth);
  cudaFree(d_theta);
  cudaFree(d_part);
  return cost / n;
}
