// cuad: --fn edge_response --wrt img,sigma,out
// An image-processing pipeline in single precision (`typedef float real_t;`): the host builds
// normalized Gaussian taps from `sigma` in a std::vector and uploads them into a __constant__
// array with cudaMemcpyToSymbol, then a separable blur (row pass, column pass, clamp-to-edge
// with min/max), a Sobel gradient magnitude and a soft tone map run on a 2-D dim3 grid sized
// with ceil_div. Event timing and a CHECK macro around the runtime calls.
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_CUDA(x)                                                                 \
  do {                                                                                \
    cudaError_t err__ = (x);                                                          \
    if (err__ != cudaSuccess) {                                                       \
      fprintf(stderr, "%s failed: %s\n", #x, cudaGetErrorString(err__));              \
      exit(1);                                                                        \
    }                                                                                 \
  } while (0)

typedef float real_t;

#define RADIUS 2
#define TAPS (2 * RADIUS + 1)

__constant__ real_t c_taps[TAPS];

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

__global__ void blur_rows(const real_t* __restrict__ in, real_t* __restrict__ out, int w,
                          int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  real_t acc = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) {
    int xx = min(max(x + k, 0), w - 1);
    acc += c_taps[k + RADIUS] * in[y * w + xx];
  }
  out[y * w + x] = acc;
}

__global__ void blur_cols(const real_t* __restrict__ in, real_t* __restrict__ out, int w,
                          int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  real_t acc = 0.0f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) {
    int yy = min(max(y + k, 0), h - 1);
    acc += c_taps[k + RADIUS] * in[yy * w + x];
  }
  out[y * w + x] = acc;
}

__global__ void sobel_tonemap(const real_t* __restrict__ in, real_t* __restrict__ out, int w,
                              int h, real_t gain) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  int xm = max(x - 1, 0), xp = min(x + 1, w - 1);
  int ym = max(y - 1, 0), yp = min(y + 1, h - 1);
  real_t gx = (in[ym * w + xp] + 2.0f * in[y * w + xp] + in[yp * w + xp]) -
              (in[ym * w + xm] + 2.0f * in[y * w + xm] + in[yp * w + xm]);
  real_t gy = (in[yp * w + xm] + 2.0f * in[yp * w + x] + in[yp * w + xp]) -
              (in[ym * w + xm] + 2.0f * in[ym * w + x] + in[ym * w + xp]);
  real_t mag = sqrtf(gx * gx + gy * gy + 1e-2f);
  out[y * w + x] = 1.0f - expf(-gain * mag);
}

void edge_response(const real_t* img, real_t sigma, real_t* out, int w, int h) {
  if (w <= 0 || h <= 0) return;
  // Gaussian taps, normalized on the host
  std::vector<real_t> taps(TAPS);
  real_t norm = 0.0f;
  for (int k = -RADIUS; k <= RADIUS; ++k) {
    taps[k + RADIUS] = std::exp(-(real_t)(k * k) / (2.0f * sigma * sigma));
    norm += taps[k + RADIUS];
  }
  for (int k = 0; k < TAPS; ++k) taps[k] /= norm;
  CHECK_CUDA(cudaMemcpyToSymbol(c_taps, taps.data(), TAPS * sizeof(real_t)));

  const size_t bytes = (size_t)w * h * sizeof(real_t);
  real_t *d_img, *d_tmp, *d_blur, *d_out;
  CHECK_CUDA(cudaMalloc(&d_img, bytes));
  CHECK_CUDA(cudaMalloc(&d_tmp, bytes));
  CHECK_CUDA(cudaMalloc(&d_blur, bytes));
  CHECK_CUDA(cudaMalloc(&d_out, bytes));
  CHECK_CUDA(cudaMemcpy(d_img, img, bytes, cudaMemcpyHostToDevice));

  cudaEvent_t t0, t1;
  cudaEventCreate(&t0);
  cudaEventCreate(&t1);
  dim3 block(16, 16);
  dim3 grid(ceil_div(w, block.x), ceil_div(h, block.y));
  cudaEventRecord(t0);
  blur_rows<<<grid, block>>>(d_img, d_tmp, w, h);
  blur_cols<<<grid, block>>>(d_tmp, d_blur, w, h);
  sobel_tonemap<<<grid, block>>>(d_blur, d_out, w, h, 2.0f);
  CHECK_CUDA(cudaGetLastError());
  cudaEventRecord(t1);
  cudaEventSynchronize(t1);
  float ms = 0.f;
  cudaEventElapsedTime(&ms, t0, t1);
  printf("edge_response %dx%d: %.3f ms\n", w, h, ms);

  CHECK_CUDA(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
  cudaEventDestroy(t0);
  cudaEventDestroy(t1);
  cudaFree(d_img);
  cudaFree(d_tmp);
  cudaFree(d_blur);
  cudaFree(d_out);
}
