// cuad: --fn coo_segmented_spmv --wrt val,x,y
// cuad: fwd --fn coo_segmented_spmv --wrt val,x,y
// Written for cuad in the style of a warp-level segmented reduction (CUB/moderngpu-like COO
// SpMV over row-sorted entries): each lane forms val * x[col], segment heads are found with
// __shfl_up_sync of the row keys, __ballot_sync collects them, 31 - __clz of the masked ballot
// gives each lane's segment start, an inclusive segmented scan runs over __shfl_up_sync
// offsets, __popc counts the warp's segments for a statistic, and each segment's last lane
// adds its sum into y with atomicAdd (segments cross warp boundaries).
__global__ void coo_segmented_spmv(const int* __restrict__ row, const int* __restrict__ col,
                                   const float* __restrict__ val, const float* __restrict__ x,
                                   float* __restrict__ y, int* __restrict__ segments, int nnz) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const bool valid = k < nnz;
  const int key = valid ? row[k] : -1;
  float v = valid ? val[k] * x[col[k]] : 0.0f;
  const int prev_key = __shfl_up_sync(0xffffffffu, key, 1);
  const bool head = lane == 0 || key != prev_key;
  const unsigned heads = __ballot_sync(0xffffffffu, head);
  const int seg_start = 31 - __clz(heads & ((2u << lane) - 1u));
  for (int offset = 1; offset < 32; offset <<= 1) {
    const float other = __shfl_up_sync(0xffffffffu, v, offset);
    if (lane - offset >= seg_start) v += other;
  }
  const int next_key = __shfl_down_sync(0xffffffffu, key, 1);
  const bool tail = lane == 31 || next_key != key;
  if (lane == 0) atomicAdd(segments, __popc(heads));
  if (valid && tail) atomicAdd(&y[key], v);
}
