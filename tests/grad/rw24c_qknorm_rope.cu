// cuad: --fn qk_norm_rope_inplace --wrt qk,norm_w
// cuad: fwd --fn qk_norm_rope_inplace --wrt qk,norm_w
// Fused QK-norm + rotary embedding (Qwen3/OLMo2-style attention), in place on the query (or
// key) activations: one block per (token, head), one thread per element of the head. Each
// thread loads its element, the block computes the sum of squares (warp __shfl_xor_sync, then
// one partial per warp in __shared__ memory), every thread writes its RMS-normalized element
// back to global memory; after the barrier the first half of the threads rotate the NeoX pairs
// (i, i + D/2), reading the partner element another thread has just written.
#include <cuda_runtime.h>
#include <math.h>

__global__ void qk_norm_rope_inplace(float* qk, const float* __restrict__ norm_w, const int* __restrict__ positions,
                                     int n_heads, int head_dim, float theta, float eps) {
  __shared__ float partial[8];
  const int t = blockIdx.x / n_heads;
  const int h = blockIdx.x % n_heads;
  const int tid = threadIdx.x;
  const int lane = tid & 31, warp = tid >> 5;
  const int nwarps = (blockDim.x + 31) >> 5;
  float* v = qk + ((size_t)t * n_heads + h) * head_dim;

  const float x = tid < head_dim ? v[tid] : 0.0f;
  float ss = x * x;
  for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o);
  if (lane == 0) partial[warp] = ss;
  __syncthreads();
  float tot = 0.0f;
  for (int w = 0; w < nwarps; ++w) tot += partial[w];
  const float r = rsqrtf(tot / head_dim + eps);
  if (tid < head_dim) v[tid] = x * r * norm_w[tid];
  __syncthreads();

  const int half = head_dim / 2;
  if (tid < half) {
    const float ang = (float)positions[t] * powf(theta, -2.0f * tid / head_dim);
    float s, c;
    sincosf(ang, &s, &c);
    const float a = v[tid], b = v[tid + half];
    v[tid] = a * c - b * s;
    v[tid + half] = a * s + b * c;
  }
}
