// Work-efficient (Blelloch) exclusive scan of one block, with dynamically sized shared
// memory (extern __shared__) and the size passed as the third launch parameter.
__global__ void block_exclusive_scan(const float *in, float *out, float *block_sums, int n) {
  extern __shared__ float temp[];
  int tid = threadIdx.x;
  int base = 2 * blockIdx.x * blockDim.x;
  int m = 2 * blockDim.x;
  temp[2 * tid] = base + 2 * tid < n ? in[base + 2 * tid] : 0.0f;
  temp[2 * tid + 1] = base + 2 * tid + 1 < n ? in[base + 2 * tid + 1] : 0.0f;
  int offset = 1;
  for (int d = m >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (tid == 0) {
    if (block_sums)
      block_sums[blockIdx.x] = temp[m - 1];
    temp[m - 1] = 0.0f;
  }
  for (int d = 1; d < m; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  if (base + 2 * tid < n)
    out[base + 2 * tid] = temp[2 * tid];
  if (base + 2 * tid + 1 < n)
    out[base + 2 * tid + 1] = temp[2 * tid + 1];
}

__global__ void add_block_offsets(float *out, const float *scanned_sums, int n) {
  int i = blockIdx.x * 2 * blockDim.x + threadIdx.x;
  float off = scanned_sums[blockIdx.x];
  if (i < n)
    out[i] += off;
  if (i + blockDim.x < n)
    out[i + blockDim.x] += off;
}

void scan(const float *d_in, float *d_out, float *d_sums, float *d_sums_scanned, int n) {
  const int threads = 128;
  int blocks = (n + 2 * threads - 1) / (2 * threads);
  size_t smem = 2 * threads * sizeof(float);
  block_exclusive_scan<<<blocks, threads, smem>>>(d_in, d_out, d_sums, n);
  block_exclusive_scan<<<1, threads, smem>>>(d_sums, d_sums_scanned, nullptr, blocks);
  add_block_offsets<<<blocks, threads>>>(d_out, d_sums_scanned, n);
}
