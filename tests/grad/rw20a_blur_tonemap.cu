// cuad: --fn develop_image --wrt hdr,spread,exposure,white,ldr
// A small image-processing pipeline in float, organized around a struct of device buffers
// and parameters (`ImagePipeline`, default member initializers): `pipeline_setup` allocates
// and uploads, `pipeline_blur` runs a separable 3-tap blur (horizontal into a scratch field,
// vertical back into the image; the tap spread is a learnable parameter stored in the
// struct), `pipeline_tonemap` applies exposure and extended Reinhard tone mapping on 2-D
// launches of 8x8 blocks, and `pipeline_teardown(ImagePipeline*)` frees.
#include <cuda_runtime.h>

struct ImagePipeline {
  float* img = nullptr;
  float* tmp = nullptr;
  float* out = nullptr;
  float spread = 0.25f;
  float exposure = 1.0f;
  float white = 4.0f;
  int w = 0;
  int h = 0;
};

__global__ void blur_rows(const float* src, float* dst, float s, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const int xl = x > 0 ? x - 1 : x;  // clamp to edge
  const int xr = x < w - 1 ? x + 1 : x;
  dst[y * w + x] = s * src[y * w + xl] + (1.0f - 2.0f * s) * src[y * w + x] + s * src[y * w + xr];
}

__global__ void blur_cols(const float* src, float* dst, float s, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const int yu = y > 0 ? y - 1 : y;
  const int yd = y < h - 1 ? y + 1 : y;
  dst[y * w + x] = s * src[yu * w + x] + (1.0f - 2.0f * s) * src[y * w + x] + s * src[yd * w + x];
}

__global__ void reinhard(const float* src, float* dst, float exposure, float white, int w,
                         int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const float L = exposure * src[y * w + x];
  const float Lw2 = white * white;
  dst[y * w + x] = L * (1.0f + L / Lw2) / (1.0f + L);
}

static void pipeline_setup(ImagePipeline& p, const float* h_img, int w, int h) {
  p.w = w;
  p.h = h;
  cudaMalloc(&p.img, w * h * sizeof(float));
  cudaMalloc(&p.tmp, w * h * sizeof(float));
  cudaMalloc(&p.out, w * h * sizeof(float));
  cudaMemcpy(p.img, h_img, w * h * sizeof(float), cudaMemcpyHostToDevice);
}

static void pipeline_blur(ImagePipeline& p) {
  dim3 block(8, 8);
  dim3 grid((p.w + 7) / 8, (p.h + 7) / 8);
  blur_rows<<<grid, block>>>(p.img, p.tmp, p.spread, p.w, p.h);
  blur_cols<<<grid, block>>>(p.tmp, p.img, p.spread, p.w, p.h);
}

static void pipeline_tonemap(const ImagePipeline& p) {
  dim3 block(8, 8);
  dim3 grid((p.w + 7) / 8, (p.h + 7) / 8);
  reinhard<<<grid, block>>>(p.img, p.out, p.exposure, p.white, p.w, p.h);
}

static void pipeline_teardown(ImagePipeline* p) {
  cudaFree(p->img);
  cudaFree(p->tmp);
  cudaFree(p->out);
}

void develop_image(const float* hdr, float spread, float exposure, float white, float* ldr,
                   int w, int h, int blur_passes) {
  ImagePipeline p;
  pipeline_setup(p, hdr, w, h);
  p.spread = spread;
  p.exposure = exposure;
  p.white = white;
  for (int k = 0; k < blur_passes; ++k) pipeline_blur(p);
  pipeline_tonemap(p);
  cudaMemcpy(ldr, p.out, w * h * sizeof(float), cudaMemcpyDeviceToHost);
  pipeline_teardown(&p);
}
