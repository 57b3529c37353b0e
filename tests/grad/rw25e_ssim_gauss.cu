// cuad: --fn ssim_kernel<double,2,8> --wrt img1,img2,sigma,ssim_map,loss
// cuad: fwd --fn ssim_kernel<double,2,8> --wrt sigma,img2,ssim_map,loss
// SSIM between two single-channel images with a Gaussian window, as kornia.metrics.ssim /
// pytorch-msssim compute it, but fused into one tiled kernel: the (2R+1) Gaussian taps are
// built in shared memory from a learnable sigma (first threads evaluate exp, then every thread
// normalises by the sum), both images are staged into shared tiles with an R-pixel halo using
// clamp-to-edge reads (a strided cooperative load), each thread forms the local means,
// variances and covariance over the separable window, writes its SSIM value, and adds
// (1 - ssim) / N into the loss with atomicAdd. Templated on scalar type, radius and tile.
#include <cuda_runtime.h>

__device__ __forceinline__ int clamp_edge(int v, int n) { return min(max(v, 0), n - 1); }

template <typename T>
__device__ __forceinline__ T load_clamped(const T* img, int x, int y, int W, int H) {
  return img[clamp_edge(y, H) * W + clamp_edge(x, W)];
}

template <typename T, int R, int TILE>
__global__ void ssim_kernel(const T* __restrict__ img1, const T* __restrict__ img2, int W, int H,
                            T sigma, T C1, T C2, T* __restrict__ ssim_map, T* __restrict__ loss) {
  constexpr int K = 2 * R + 1;
  constexpr int S = TILE + 2 * R;
  __shared__ T gauss_raw[K];
  __shared__ T t1[S][S];
  __shared__ T t2[S][S];

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int lin = ty * TILE + tx;
  if (lin < K) {
    const T d = (T)(lin - R);
    gauss_raw[lin] = exp(-d * d / (2 * sigma * sigma));
  }
  const int x0 = blockIdx.x * TILE - R, y0 = blockIdx.y * TILE - R;
  for (int k = lin; k < S * S; k += TILE * TILE) {
    const int sy = k / S, sx = k % S;
    t1[sy][sx] = load_clamped(img1, x0 + sx, y0 + sy, W, H);
    t2[sy][sx] = load_clamped(img2, x0 + sx, y0 + sy, W, H);
  }
  __syncthreads();

  T norm = 0;
  for (int k = 0; k < K; ++k) norm += gauss_raw[k];
  T g[K];
  for (int k = 0; k < K; ++k) g[k] = gauss_raw[k] / norm;

  const int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
  if (x >= W || y >= H) return;

  T mu1 = 0, mu2 = 0, s11 = 0, s22 = 0, s12 = 0;
  for (int i = 0; i < K; ++i) {
    for (int j = 0; j < K; ++j) {
      const T wgt = g[i] * g[j];
      const T a = t1[ty + i][tx + j], b = t2[ty + i][tx + j];
      mu1 += wgt * a;
      mu2 += wgt * b;
      s11 += wgt * a * a;
      s22 += wgt * b * b;
      s12 += wgt * a * b;
    }
  }
  s11 -= mu1 * mu1;
  s22 -= mu2 * mu2;
  s12 -= mu1 * mu2;
  const T num = (2 * mu1 * mu2 + C1) * (2 * s12 + C2);
  const T den = (mu1 * mu1 + mu2 * mu2 + C1) * (s11 + s22 + C2);
  const T s = num / den;
  ssim_map[y * W + x] = s;
  atomicAdd(loss, (1 - s) / (W * H));
}
