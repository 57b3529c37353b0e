// cuad: --fn rowsum --wrt out,in
// One warp per row: a strided loop then a shuffle-down reduction in a device helper; lane 0
// writes the row's norm.
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
__global__ void rowsum(float* out, const float* in, int n, int m) {
  int row = blockIdx.x;
  float s = 0.f;
  for (int j = threadIdx.x; j < m; j += 32) s += in[row * m + j] * in[row * m + j];
  s = warp_sum(s);
  if (threadIdx.x == 0) out[row] = sqrtf(s);
}
