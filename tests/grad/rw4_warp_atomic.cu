// cuad: --fn row_energy --wrt e,x
// cuad: --fn masked_sum --wrt total,x
// Warp-level code as written in reductions: __shfl_xor_sync butterflies, __shfl_down_sync with
// the lane-0 result, __syncwarp, __ballot_sync/__popc counts (integers), atomicAdd on double,
// and atomicMax on an int used as an index afterwards.
__global__ void row_energy(double* e, const double* x, int cols) {
  const int row = blockIdx.x;
  const int lane = threadIdx.x;  // one warp per row
  double s = 0.0;
  for (int c = lane; c < cols; c += 32) s += x[row * cols + c] * x[row * cols + c];
  for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffffu, s, off);
  __syncwarp();
  double m = x[row * cols + lane % cols];
  for (int off = 16; off > 0; off /= 2) m += __shfl_down_sync(0xffffffffu, m, off);
  if (lane == 0) atomicAdd(e, sqrt(s) + 0.1 * m);
}

__global__ void masked_sum(double* total, const double* x, int* last, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool pos = i < n && x[i] > 0.0;
  unsigned mask = __ballot_sync(0xffffffffu, pos);
  int count = __popc(mask);
  if (pos) atomicMax(last, i);
  __syncthreads();
  if (i < n) {
    double v = x[i] * (1.0 + 0.01 * count);
    atomicAdd(&total[i % 4], v * v);
  }
}
