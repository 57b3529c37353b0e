// cuad: --fn color_normalize --wrt out,rgb,gain
// Per-pixel chromaticity normalization written with range-based `for` loops over local arrays:
// a by-value loop summing squares, a by-reference loop scaling in place (rsqrtf), a const
// reference loop for the weighted output; a gain per channel from a __restrict__ array.
__global__ void color_normalize(float* __restrict__ out, const float* __restrict__ rgb,
                                const float* __restrict__ gain, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float c[3] = {rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]};
  float ss = 1e-4f;
  for (float v : c) ss += v * v;
  const float inv = rsqrtf(ss);
  for (float& v : c) v *= inv;
  float acc = 0.0f;
  int k = 0;
  for (const auto& v : c) acc += gain[k++] * v * v * v;
  out[i] = acc;
}
