// cuad: --fn fused_classifier<64> --wrt logits,losses,dlosses
// llm.c-style fused classifier: one block per row (template <int BLOCK>), a shared-memory
// block reduction for the max and for the sum of exponentials (with __shfl_down_sync inside the
// warps), the row's loss -log(p[label]) from an int label array, and then the logits row is
// OVERWRITTEN IN PLACE with the gradient (p - 1[i == label]) * dloss[row].
template <int BLOCK>
__device__ float block_reduce(float v, bool is_max) {
  __shared__ float shm[BLOCK / 32];
  const int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
  for (int off = 16; off > 0; off /= 2) {
    const float o = __shfl_down_sync(0xffffffffu, v, off);
    v = is_max ? fmaxf(v, o) : v + o;
  }
  if (lane == 0) shm[wid] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float r = shm[0];
    for (int i = 1; i < BLOCK / 32; ++i) r = is_max ? fmaxf(r, shm[i]) : r + shm[i];
    shm[0] = r;
  }
  __syncthreads();
  const float r = shm[0];
  __syncthreads();
  return r;
}

template <int BLOCK>
__global__ void fused_classifier(float* logits, float* __restrict__ losses, const float* __restrict__ dlosses,
                                 const int* __restrict__ targets, int V) {
  const int row = blockIdx.x;
  float* x = logits + (size_t)row * V;
  float mx = -INFINITY;
  for (int i = threadIdx.x; i < V; i += BLOCK) mx = fmaxf(mx, x[i]);
  mx = block_reduce<BLOCK>(mx, true);
  float s = 0.f;
  for (int i = threadIdx.x; i < V; i += BLOCK) s += expf(x[i] - mx);
  s = block_reduce<BLOCK>(s, false);
  const float inv_s = 1.f / s;
  const int t = targets[row];
  if (threadIdx.x == 0) losses[row] = -logf(expf(x[t] - mx) * inv_s);
  __syncthreads();
  const float dl = dlosses[row];
  for (int i = threadIdx.x; i < V; i += BLOCK) {
    const float p = expf(x[i] - mx) * inv_s;
    x[i] = (p - (i == t ? 1.f : 0.f)) * dl;
  }
}
