// cuad: --fn embedding_bag_mean_kernel<double> --wrt weight,output,per_bag_scale
// nn.EmbeddingBag(mode="mean") forward with offsets, as in recommendation-model extensions:
// int64 indices and offsets (bag b spans [offsets[b], offsets[b + 1]), the last bag ends at
// num_indices), padding_idx entries skipped (they count neither in the sum nor in the bag
// size), empty bags produce zeros, and a per-bag scale multiplies the mean. Bags are spread
// over a 2-D grid: blockIdx.y picks a chunk of bags, blockIdx.x a bag within it, and the
// threads of a block stride the embedding dimension. Several bags read the same rows, so the
// weight gradient has colliding writes.
#include <cuda_runtime.h>
#include <cstdint>

template <typename scalar_t>
__global__ void embedding_bag_mean_kernel(const int64_t* __restrict__ indices,
                                          const int64_t* __restrict__ offsets,
                                          const scalar_t* __restrict__ weight,
                                          const scalar_t* __restrict__ per_bag_scale,
                                          scalar_t* __restrict__ output, int64_t num_indices,
                                          int64_t num_bags, int64_t dim, int64_t padding_idx) {
  const int64_t bag = (int64_t)blockIdx.y * gridDim.x + blockIdx.x;
  if (bag >= num_bags) return;
  const int64_t begin = offsets[bag];
  const int64_t end = (bag == num_bags - 1) ? num_indices : offsets[bag + 1];
  for (int64_t d = threadIdx.x; d < dim; d += blockDim.x) {
    scalar_t acc = 0;
    int64_t count = 0;
    for (int64_t e = begin; e < end; ++e) {
      const int64_t row = indices[e];
      if (row == padding_idx) continue;
      acc += weight[row * dim + d];
      ++count;
    }
    const scalar_t mean = count > 0 ? acc / static_cast<scalar_t>(count) : scalar_t(0);
    output[bag * dim + d] = mean * per_bag_scale[bag];
  }
}
