// cuad: --fn attn_backward --wrt Q,K,V,O,dO,LSE,dQ,dK,dV
// The backward pass of causal attention in FlashAttention's formulation, as a reference kernel
// (one thread per (query, head)), differentiated again (double backward, e.g. for a gradient
// penalty or a Hessian-vector product): the probabilities are recomputed from Q, K and the
// saved log-sum-exp, D_i = <dO_i, O_i>, dS = P * (dP - D_i) with dP = dO V^T; dQ is written by
// the query's own thread, dK and dV are accumulated across queries with atomicAdd.
#include <cuda_runtime.h>
#include <math.h>

#define HD 4

__global__ void attn_backward(const float* __restrict__ Q, const float* __restrict__ K, const float* __restrict__ V,
                              const float* __restrict__ O, const float* __restrict__ dO,
                              const float* __restrict__ LSE, float* __restrict__ dQ, float* __restrict__ dK,
                              float* __restrict__ dV, int T, int H, float scale) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= T * H) return;
  const int i = idx / H, h = idx % H;
  const int rs = H * HD;
  const float* qi = Q + i * rs + h * HD;
  const float* doi = dO + i * rs + h * HD;
  const float* oi = O + i * rs + h * HD;
  float Di = 0.0f;
  for (int d = 0; d < HD; ++d) Di += doi[d] * oi[d];
  const float lse = LSE[h * T + i];
  float dq[HD] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int j = 0; j <= i; ++j) {
    const float* kj = K + j * rs + h * HD;
    const float* vj = V + j * rs + h * HD;
    float s = 0.0f, dp = 0.0f;
    for (int d = 0; d < HD; ++d) {
      s += qi[d] * kj[d];
      dp += doi[d] * vj[d];
    }
    const float p = expf(s * scale - lse);
    const float ds = p * (dp - Di) * scale;
    for (int d = 0; d < HD; ++d) {
      dq[d] += ds * kj[d];
      atomicAdd(&dK[j * rs + h * HD + d], ds * qi[d]);
      atomicAdd(&dV[j * rs + h * HD + d], p * doi[d]);
    }
  }
  for (int d = 0; d < HD; ++d) dQ[i * rs + h * HD + d] = dq[d];
}
