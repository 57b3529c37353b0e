// cuad: --fn segment_center_norm<128> --wrt x,y,seg_mean,seg_norm
// Segment-wise (CSR offsets) centering and normalization in the style of torch_scatter /
// graph-pooling kernels: one block per segment; long segments are reduced by the whole block
// with cub::BlockReduce (one TempStorage reused after a barrier), short ones (<= 32 items) by
// the first warp alone with cub::WarpReduce. Thread 0 / lane 0 publishes the statistics
// through __shared__ scalars, then every item of the segment is centered and scaled.
#include <cub/cub.cuh>

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    segment_center_norm(const float* __restrict__ x, const int* __restrict__ offsets,
                        float* __restrict__ y, float* __restrict__ seg_mean,
                        float* __restrict__ seg_norm, float eps) {
  using BlockReduce = cub::BlockReduce<float, BLOCK>;
  using WarpReduce = cub::WarpReduce<float>;
  __shared__ typename BlockReduce::TempStorage block_tmp;
  __shared__ typename WarpReduce::TempStorage warp_tmp;
  __shared__ float s_mean, s_inv;

  const int seg = blockIdx.x;
  const int begin = __ldg(offsets + seg), end = __ldg(offsets + seg + 1);
  const int len = end - begin;
  if (len == 0) return;  // empty segment: nothing to write
  const float inv_len = 1.0f / len;

  if (len <= 32) {
    if (threadIdx.x < 32) {
      const float v = threadIdx.x < len ? x[begin + threadIdx.x] : 0.0f;
      const float mean = WarpReduce(warp_tmp).Sum(v) * inv_len;
      const float mean_b = __shfl_sync(0xffffffffu, mean, 0);
      const float d = threadIdx.x < len ? v - mean_b : 0.0f;
      __syncwarp();  // warp_tmp is reused
      const float ss = WarpReduce(warp_tmp).Sum(d * d);
      if (threadIdx.x == 0) {
        s_mean = mean;
        s_inv = rsqrtf(ss * inv_len + eps);
      }
    }
  } else {
    float part = 0.0f;
    for (int i = begin + threadIdx.x; i < end; i += BLOCK) part += x[i];
    const float total = BlockReduce(block_tmp).Sum(part);
    if (threadIdx.x == 0) s_mean = total * inv_len;
    __syncthreads();
    const float mean = s_mean;
    float sq = 0.0f;
    for (int i = begin + threadIdx.x; i < end; i += BLOCK) {
      const float d = x[i] - mean;
      sq += d * d;
    }
    const float ss = BlockReduce(block_tmp).Sum(sq);
    if (threadIdx.x == 0) s_inv = rsqrtf(ss * inv_len + eps);
  }
  __syncthreads();
  const float mean = s_mean, inv = s_inv;
  for (int i = begin + threadIdx.x; i < end; i += BLOCK) y[i] = (x[i] - mean) * inv;
  if (threadIdx.x == 0) {
    seg_mean[seg] = mean;
    seg_norm[seg] = inv;
  }
}
