// cuad: --fn xent_warp --wrt loss,logits
// Cross-entropy, one warp per row (several warps per block): warp max and sum with
// __shfl_down_sync, the result broadcast from lane 0 with __shfl_sync, an int label array,
// the mean loss accumulated by lane 0 with atomicAdd.
__global__ void xent_warp(float* loss, const float* __restrict__ logits,
                          const int* __restrict__ labels, int n, int c) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = gid / 32;
  const int lane = threadIdx.x % 32;
  if (row >= n) return;
  const float* z = logits + row * c;
  float m = -1e30f;
  for (int j = lane; j < c; j += 32) m = fmaxf(m, z[j]);
  for (int o = 16; o > 0; o /= 2) m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, o));
  m = __shfl_sync(0xffffffffu, m, 0);
  float s = 0.0f;
  for (int j = lane; j < c; j += 32) s += expf(z[j] - m);
  for (int o = 16; o > 0; o /= 2) s += __shfl_down_sync(0xffffffffu, s, o);
  if (lane == 0) {
    const float lse = m + logf(s);
    atomicAdd(loss, (lse - z[labels[row]]) / n);
  }
}
