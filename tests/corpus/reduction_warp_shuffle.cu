// Warp-level reductions with shuffles: a sum with __shfl_down_sync, a max with
// __shfl_xor_sync (every lane ends with the result), and a divergence-safe count with
// __activemask.
#define FULL_MASK 0xffffffffu
#define WARP 32

__device__ float warp_sum(float v) {
#pragma unroll
  for (int offset = WARP / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(FULL_MASK, v, offset);
  return v;
}

__device__ float warp_max_all(float v) {
#pragma unroll
  for (int mask = 16; mask >= 1; mask >>= 1)
    v = fmaxf(v, __shfl_xor_sync(FULL_MASK, v, mask));
  return v;
}

__global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float warp_totals[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int warp = threadIdx.x / warpSize;
  float v = i < n ? in[i] : 0.0f;
  v = warp_sum(v);
  if (lane == 0)
    warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int nwarps = (blockDim.x + warpSize - 1) / warpSize;
    v = lane < nwarps ? warp_totals[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0)
      atomicAdd(out, v);
  }
}

__global__ void row_max(const float *m, float *row_out, int cols) {
  const float *row = m + (size_t)blockIdx.x * cols;
  float best = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += WARP)
    best = fmaxf(best, row[c]);
  best = warp_max_all(best);
  if (threadIdx.x == 0)
    row_out[blockIdx.x] = best;
}

__global__ void count_positive(const int *v, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] > 0) {
    unsigned active = __activemask();
    int leader = __ffs(active) - 1;
    int votes = __popc(active);
    if ((threadIdx.x % WARP) == leader)
      atomicAdd(count, votes);
  }
}
