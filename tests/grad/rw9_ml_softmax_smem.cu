// cuad: --fn softmax_block<128> --wrt y,x
// cuad: --fn softmax_block<64> --wrt y,x,inv_temp
// Row softmax, one block per row, `template <int BLOCK>`: max and sum each reduced with a
// warp __shfl_xor_sync butterfly, then across warps through a __shared__ array of BLOCK/32
// partials read back by warp 0; max subtraction, __expf, exponentials kept in y and rescaled.
template <int BLOCK>
__device__ __forceinline__ float block_max(float v, float* red) {
  const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if (lane == 0) red[wid] = v;
  __syncthreads();
  v = (threadIdx.x < BLOCK / 32) ? red[threadIdx.x] : -INFINITY;
  if (wid == 0) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    if (lane == 0) red[0] = v;
  }
  __syncthreads();
  v = red[0];
  __syncthreads();
  return v;
}

template <int BLOCK>
__device__ __forceinline__ float block_sum(float v, float* red) {
  const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  if (lane == 0) red[wid] = v;
  __syncthreads();
  v = (threadIdx.x < BLOCK / 32) ? red[threadIdx.x] : 0.f;
  if (wid == 0) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (lane == 0) red[0] = v;
  }
  __syncthreads();
  v = red[0];
  __syncthreads();
  return v;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) softmax_block(float* __restrict__ y, const float* __restrict__ x,
                                                       float inv_temp, int C) {
  __shared__ float red[BLOCK / 32];
  const float* xr = x + blockIdx.x * C;
  float* yr = y + blockIdx.x * C;
  float m = -INFINITY;
  for (int i = threadIdx.x; i < C; i += BLOCK) m = fmaxf(m, xr[i] * inv_temp);
  m = block_max<BLOCK>(m, red);
  float s = 0.f;
  for (int i = threadIdx.x; i < C; i += BLOCK) {
    float e = __expf(xr[i] * inv_temp - m);
    yr[i] = e;
    s += e;
  }
  s = block_sum<BLOCK>(s, red);
  const float inv = 1.f / s;
  for (int i = threadIdx.x; i < C; i += BLOCK) yr[i] *= inv;
}
