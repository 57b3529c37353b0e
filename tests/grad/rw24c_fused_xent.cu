// cuad: --fn fused_classifier --wrt logits,losses,dlosses
// The fused classifier of llm.c-style training code: one block per (batch, time) row of the
// logits computes max and log-sum-exp with block reductions (warp __shfl_down_sync, one
// partial per warp in __shared__ memory, then an all-lanes __shfl_xor_sync of the partials),
// writes the label-smoothed cross-entropy loss of the row, and then overwrites the logits in
// place with their gradient (softmax - smoothed one-hot) * dloss, so the backward pass never
// materializes the probabilities. Rows whose target is the ignore index get zero loss and
// zero gradient. Only the first V of the P (padded) columns are real.
#include <cuda_runtime.h>
#include <math.h>

#define FULL_MASK 0xffffffffu
#define IGNORE_INDEX (-100)

__device__ float block_allreduce_sum(float v, float* scratch) {
  const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL_MASK, v, o);
  if (lane == 0) scratch[wid] = v;
  __syncthreads();
  v = lane < nw ? scratch[lane] : 0.0f;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o);
  __syncthreads();
  return v;
}

__device__ float block_allreduce_max(float v, float* scratch) {
  const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5, nw = blockDim.x >> 5;
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_down_sync(FULL_MASK, v, o));
  if (lane == 0) scratch[wid] = v;
  __syncthreads();
  v = lane < nw ? scratch[lane] : -INFINITY;
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, o));
  __syncthreads();
  return v;
}

__global__ void fused_classifier(float* logits, float* __restrict__ losses,
                                 const float* __restrict__ dlosses, const int* __restrict__ targets,
                                 int BT, int V, int P, float smoothing) {
  __shared__ float scratch[32];
  const int row = blockIdx.x;
  if (row >= BT) return;
  float* z = logits + (size_t)row * P;
  const int target = targets[row];

  float mx = -INFINITY, zsum = 0.0f;
  for (int i = threadIdx.x; i < V; i += blockDim.x) {
    mx = fmaxf(mx, z[i]);
    zsum += z[i];
  }
  mx = block_allreduce_max(mx, scratch);
  zsum = block_allreduce_sum(zsum, scratch);
  float se = 0.0f;
  for (int i = threadIdx.x; i < V; i += blockDim.x) se += expf(z[i] - mx);
  se = block_allreduce_sum(se, scratch);
  const float lse = mx + logf(se);

  const bool ignored = (target == IGNORE_INDEX);
  if (threadIdx.x == 0) {
    float loss = 0.0f;
    if (!ignored) loss = (1.0f - smoothing) * (lse - z[target]) + smoothing * (lse - zsum / V);
    losses[row] = loss;
  }
  __syncthreads();  // z[target] is read before anyone overwrites it

  const float dloss = ignored ? 0.0f : dlosses[row];
  const float inv_se = 1.0f / se;
  for (int i = threadIdx.x; i < V; i += blockDim.x) {
    const float prob = expf(z[i] - mx) * inv_se;
    const float tgt = (i == target ? 1.0f - smoothing : 0.0f) + smoothing / V;
    z[i] = (prob - tgt) * dloss;
  }
}
