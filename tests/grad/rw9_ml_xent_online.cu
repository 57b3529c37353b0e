// cuad: --fn xent_online --wrt losses,mean_loss,logits
// Cross-entropy with an integer label array, one warp per row: each lane keeps an online
// (running max, rescaled sum) pair over its strided logits, the pairs are merged through a
// __shfl_xor_sync butterfly, loss = log(sum) + max - logit[label]; ignored rows (label ==
// ignore_index) give 0; lane 0 writes the row loss and atomically adds loss / B to a mean.
#include <cfloat>
__device__ __forceinline__ void lse_merge(float& m, float& s, float om, float os) {
  const float nm = fmaxf(m, om);
  s = s * __expf(m - nm) + os * __expf(om - nm);
  m = nm;
}

__global__ void xent_online(float* __restrict__ losses, float* __restrict__ mean_loss,
                            const float* __restrict__ logits, const int* __restrict__ targets, int B,
                            int V, int ignore_index) {
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (row >= B) return;
  const float* lr = logits + (size_t)row * V;
  float m = -FLT_MAX, s = 0.f;
  for (int i = lane; i < V; i += 32) {
    const float v = lr[i];
    if (v > m) {
      s = s * __expf(m - v) + 1.f;
      m = v;
    } else {
      s += __expf(v - m);
    }
  }
#pragma unroll
  for (int off = 16; off > 0; off /= 2) {
    const float om = __shfl_xor_sync(0xffffffffu, m, off);
    const float os = __shfl_xor_sync(0xffffffffu, s, off);
    lse_merge(m, s, om, os);
  }
  const int t = targets[row];
  if (lane == 0) {
    const float l = (t == ignore_index) ? 0.f : (logf(s) + m - lr[t]);
    losses[row] = l;
    atomicAdd(mean_loss, l / B);
  }
}
