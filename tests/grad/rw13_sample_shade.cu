// cuad: --fn shadeNormals --wrt rgb,normals,light
// Sample-style 2-D image kernel using the old fast intrinsics: `__mul24`/`__umul24` for the
// pixel index, a normal vector normalized with `rsqrtf`, Lambert and Blinn-Phong-like terms
// with `__fdividef`, a `#pragma unroll 4` loop over 4 light components, `__saturatef` to
// clamp the result into [0, 1] (inputs keep the values inside), and a dim3 grid computed with
// `(w + BX - 1) / BX`. rgb is written as float3-packed floats.
#define BX 8
#define BY 4

__global__ void shadeNormals(float* rgb, const float* __restrict__ normals,
                             const float* __restrict__ light, int w, int h) {
  const int x = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
  const int y = __mul24(blockIdx.y, blockDim.y) + threadIdx.y;
  if (x >= w || y >= h) return;
  const unsigned int idx = __umul24(y, w) + x;
  float nx = normals[3 * idx], ny = normals[3 * idx + 1], nz = normals[3 * idx + 2];
  const float inv = rsqrtf(nx * nx + ny * ny + nz * nz);
  nx *= inv;
  ny *= inv;
  nz *= inv;
  // light[0..2] direction (unnormalized), light[3] ambient
  float l[4];
#pragma unroll 4
  for (int k = 0; k < 4; ++k) l[k] = light[k];
  const float linv = rsqrtf(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
  const float ndotl = (nx * l[0] + ny * l[1] + nz * l[2]) * linv;
  const float diffuse = __fdividef(1.0f + ndotl, 2.0f);  // half-Lambert, in (0, 1)
  const float spec = __fdividef(diffuse * diffuse, 1.0f + 4.0f * (1.0f - diffuse));
#pragma unroll
  for (int c = 0; c < 3; ++c) {
    const float base = rgb[3 * idx + c];
    rgb[3 * idx + c] = __saturatef(0.1f + l[3] * base + 0.5f * diffuse * base + 0.2f * spec);
  }
}
