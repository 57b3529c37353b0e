// Library-style block primitives: cub::BlockReduce and cub::BlockScan with their
// TempStorage in shared memory (typedef'd template instantiations, `typename` qualified
// member types, a functor-free Sum()).
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

template <int BLOCK_THREADS>
__global__ void block_sum_cub(const float *in, float *block_out, int n) {
  typedef cub::BlockReduce<float, BLOCK_THREADS> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp_storage;
  int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  float total = BlockReduce(temp_storage).Sum(v);
  if (threadIdx.x == 0)
    block_out[blockIdx.x] = total;
}

__global__ void block_prefix_cub(const int *in, int *out, int n) {
  using BlockScan = cub::BlockScan<int, 128>;
  __shared__ BlockScan::TempStorage scan_storage;
  int i = blockIdx.x * 128 + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int prefix;
  BlockScan(scan_storage).ExclusiveSum(v, prefix);
  if (i < n)
    out[i] = prefix;
}

void launch_block_sum(const float *d_in, float *d_out, int n) {
  block_sum_cub<256><<<(n + 255) / 256, 256>>>(d_in, d_out, n);
}
