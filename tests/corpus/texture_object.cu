// Reads through a texture object (bilinear lookups with tex2D<float> and point fetches with
// tex1Dfetch<float>), and the host code that creates the texture from a cudaArray.
#include <cstring>
#include <cuda_runtime.h>

__global__ void resample(cudaTextureObject_t tex, float *out, int w, int h, float sx, float sy) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    out[y * w + x] = tex2D<float>(tex, (x + 0.5f) * sx, (y + 0.5f) * sy);
}

__global__ void gather_linear(cudaTextureObject_t tex, const int *idx, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch<float>(tex, idx[i]);
}

cudaTextureObject_t make_texture(const float *h_img, int w, int h, cudaArray_t *array_out) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaMallocArray(array_out, &desc, w, h);
  cudaMemcpy2DToArray(*array_out, 0, 0, h_img, w * sizeof(float), w * sizeof(float), h,
                      cudaMemcpyHostToDevice);
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = *array_out;
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  td.addressMode[0] = cudaAddressModeClamp;
  td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 0;
  cudaTextureObject_t tex = 0;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  return tex;
}
