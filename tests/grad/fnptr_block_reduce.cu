// cuad: --fn rms_rows --wrt inp,w,out
// cuad: fwd --fn rms_rows --wrt inp,w,out
// llm.c's blockReduce over a warp reduction given as a template argument, its parameter
// declared as a function pointer (`template <float (*warp_reduction)(float)>`; llm.c spells
// it through `using reduction_func_t = float (*)(float)`), called as
// `blockReduce<warpReduceSum>(v)`: one block per row of an RMS norm.
#include <cuda_runtime.h>

#define WARP_SIZE 32

__device__ inline float warpReduceSum(float val) {
  for (int offset = 16; offset > 0; offset /= 2) val += __shfl_xor_sync(0xFFFFFFFF, val, offset);
  return val;
}

template <float (*warp_reduction)(float)>
__device__ inline float blockReduce(float val, bool final_sync = false, float out_of_bounds = 0.0f) {
  __shared__ float shared_val[WARP_SIZE];
  const int lane_id = threadIdx.x % WARP_SIZE;
  const int warp_id = threadIdx.x / WARP_SIZE;
  const int num_warps = blockDim.x / WARP_SIZE;
  float warp_val = warp_reduction(val);
  if (lane_id == 0) shared_val[warp_id] = warp_val;
  __syncthreads();
  warp_val = (lane_id < num_warps) ? shared_val[lane_id] : out_of_bounds;
  float block_val = warp_reduction(warp_val);
  if (final_sync) __syncthreads();
  return block_val;
}

__global__ void rms_rows(float* out, const float* inp, const float* w, int C) {
  const float* x = inp + blockIdx.x * C;
  float acc = 0.0f;
  for (int c = threadIdx.x; c < C; c += blockDim.x) acc += x[c] * x[c];
  const float ss = blockReduce<warpReduceSum>(acc);
  const float rstd = rsqrtf(ss / C + 1e-5f);
  for (int c = threadIdx.x; c < C; c += blockDim.x) out[blockIdx.x * C + c] = x[c] * rstd * w[c];
}
