// cuad: --fn gaussian_blur --wrt img,sigma,out
// A separable Gaussian blur with a learnable width, as in differentiable image pipelines
// (a blur layer whose sigma is trained): a row pass with a 1-D shared tile of
// BLOCK + 2 R pixels (halo loaded with clamp-to-edge, a strided cooperative load), the
// normalised taps computed once per block into a second shared array from sigma, and a
// column pass on 2-D blocks with a [TY + 2 R][TX] shared tile (halo rows loaded by a loop
// over the tile height). Both are templates on the tile shape and radius; a host function
// allocates the intermediate image, launches both passes with dim3 grids and copies back.
#include <cuda_runtime.h>

template <int R>
__device__ __forceinline__ void gaussian_taps(double sigma, double* taps, int t) {
  // every thread of the first 2R+1 computes one tap and the common normaliser
  if (t <= 2 * R) {
    double norm = 0.0;
#pragma unroll
    for (int k = -R; k <= R; ++k) norm += exp(-(k * k) / (2.0 * sigma * sigma));
    const double d = t - R;
    taps[t] = exp(-(d * d) / (2.0 * sigma * sigma)) / norm;
  }
}

template <int BLOCK, int R>
__global__ void blur_rows(const double* __restrict__ in, double* __restrict__ out, int W, int H,
                          double sigma) {
  __shared__ double tile[BLOCK + 2 * R];
  __shared__ double taps[2 * R + 1];
  const int y = blockIdx.y;
  const int x0 = blockIdx.x * BLOCK;
  gaussian_taps<R>(sigma, taps, threadIdx.x);
  for (int i = threadIdx.x; i < BLOCK + 2 * R; i += BLOCK) {
    const int xx = min(max(x0 + i - R, 0), W - 1);
    tile[i] = in[y * W + xx];
  }
  __syncthreads();
  const int x = x0 + threadIdx.x;
  if (x < W) {
    double acc = 0.0;
#pragma unroll
    for (int k = 0; k <= 2 * R; ++k) acc += taps[k] * tile[threadIdx.x + k];
    out[y * W + x] = acc;
  }
}

template <int TX, int TY, int R>
__global__ void blur_cols(const double* __restrict__ in, double* __restrict__ out, int W, int H,
                          double sigma) {
  __shared__ double tile[TY + 2 * R][TX];
  __shared__ double taps[2 * R + 1];
  const int x = blockIdx.x * TX + threadIdx.x;
  const int y0 = blockIdx.y * TY;
  gaussian_taps<R>(sigma, taps, threadIdx.y * TX + threadIdx.x);
  const int xc = min(x, W - 1);
  for (int j = threadIdx.y; j < TY + 2 * R; j += TY) {
    const int yy = min(max(y0 + j - R, 0), H - 1);
    tile[j][threadIdx.x] = in[yy * W + xc];
  }
  __syncthreads();
  const int y = y0 + threadIdx.y;
  if (x < W && y < H) {
    double acc = 0.0;
#pragma unroll
    for (int k = 0; k <= 2 * R; ++k) acc += taps[k] * tile[threadIdx.y + k][threadIdx.x];
    out[y * W + x] = acc;
  }
}

#define ROW_BLOCK 16
#define COL_TX 8
#define COL_TY 4
#define RADIUS 3

void gaussian_blur(const double* img, double* out, int W, int H, double sigma) {
  const size_t bytes = (size_t)W * H * sizeof(double);
  double *d_in, *d_tmp, *d_out;
  cudaMalloc(&d_in, bytes);
  cudaMalloc(&d_tmp, bytes);
  cudaMalloc(&d_out, bytes);
  cudaMemcpy(d_in, img, bytes, cudaMemcpyHostToDevice);
  dim3 rgrid((W + ROW_BLOCK - 1) / ROW_BLOCK, H);
  blur_rows<ROW_BLOCK, RADIUS><<<rgrid, ROW_BLOCK>>>(d_in, d_tmp, W, H, sigma);
  dim3 cblock(COL_TX, COL_TY), cgrid((W + COL_TX - 1) / COL_TX, (H + COL_TY - 1) / COL_TY);
  blur_cols<COL_TX, COL_TY, RADIUS><<<cgrid, cblock>>>(d_tmp, d_out, W, H, sigma);
  cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_tmp);
  cudaFree(d_out);
}
