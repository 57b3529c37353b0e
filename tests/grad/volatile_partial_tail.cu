// cuad: --fn block_energy --wrt x,out
// cuad: --fn half_warp_update --wrt x,out
// A warp-synchronous tail over `volatile` shared memory whose steps run on fewer lanes each
// time (`if (tid < o)`), with the warp's barriers outside the condition: the gradient's own
// __syncwarp()s for the volatile stores sit inside the condition, so they name the active
// lanes only (a full mask would wait for lanes that never arrive). The first step, under
// `tid < 32` (whole warps), keeps full-mask barriers. A second kernel calls a helper storing
// through `volatile` on half a warp (`if (tid < 16)`): the helper's pullback is made for
// calls that may split a warp.
__global__ void block_energy(const double* __restrict__ x, double* __restrict__ out) {
  __shared__ double s[64];
  const int tid = threadIdx.x;
  const double v = x[blockIdx.x * 64 + tid];
  s[tid] = v * v + 0.5 * v;
  __syncthreads();
  volatile double* vs = s;
  if (tid < 32) {
    vs[tid] = vs[tid] + vs[tid + 32];
    __syncwarp();
    for (int o = 16; o > 0; o >>= 1) {
      double other = 0.0;
      if (tid < o) other = vs[tid + o];
      __syncwarp();
      if (tid < o) vs[tid] = vs[tid] * 0.9 + other;
      __syncwarp();
    }
  }
  if (tid == 0) out[blockIdx.x] = vs[0];
}

__device__ void damp_own(volatile double* s, int tid) {
  s[tid] = s[tid] * s[tid] * 0.5 + s[tid];
}

__global__ void half_warp_update(const double* __restrict__ x, double* __restrict__ out) {
  __shared__ double s[32];
  const int tid = threadIdx.x;
  s[tid] = x[blockIdx.x * 32 + tid];
  __syncthreads();
  if (tid < 16) damp_own(s, tid);
  __syncthreads();
  out[blockIdx.x * 32 + tid] = s[tid] * s[(tid + 1) % 32];
}
