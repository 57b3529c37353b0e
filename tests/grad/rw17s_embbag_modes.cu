// cuad: --fn embedding_bag_kernel<0> --wrt weight,psw,out
// cuad: --fn embedding_bag_kernel<2> --wrt weight,out
// cuad: fwd --fn embedding_bag_kernel<1> --wrt weight,out
// PyTorch-style EmbeddingBag forward: bags given by int64 offsets (the last bag runs to the
// end of the index list), a padding index that is skipped, optional per-sample weights (a
// nullable pointer, sum mode only), and sum / mean / max modes picked by a template
// parameter with `if constexpr`; max mode also records the winning row (int64) for the
// backward. A 2-D block: threadIdx.y picks the bag, threadIdx.x strides the embedding dim.
#include <cuda_runtime.h>
#include <cstdint>
#include <cmath>

enum BagMode { MODE_SUM = 0, MODE_MEAN = 1, MODE_MAX = 2 };

template <int MODE>
__global__ void embedding_bag_kernel(const double* __restrict__ weight,
                                     const int64_t* __restrict__ indices,
                                     const int64_t* __restrict__ offsets,
                                     const double* __restrict__ psw, double* __restrict__ out,
                                     int64_t* __restrict__ max_indices, int64_t n_bags,
                                     int64_t n_indices, int dim, int64_t padding_idx) {
  const int64_t bag = (int64_t)blockIdx.x * blockDim.y + threadIdx.y;
  if (bag >= n_bags) return;
  const int64_t begin = offsets[bag];
  const int64_t end = bag == n_bags - 1 ? n_indices : offsets[bag + 1];
  for (int f = threadIdx.x; f < dim; f += blockDim.x) {
    double acc = MODE == MODE_MAX ? -INFINITY : 0.0;
    int64_t arg = -1;
    int count = 0;
    for (int64_t p = begin; p < end; ++p) {
      const int64_t row = indices[p];
      if (row == padding_idx) continue;
      double v = weight[row * dim + f];
      if constexpr (MODE == MODE_MAX) {
        if (arg < 0 || v > acc) {
          acc = v;
          arg = row;
        }
      } else {
        if (MODE == MODE_SUM && psw != nullptr) v *= psw[p];
        acc += v;
      }
      ++count;
    }
    if constexpr (MODE == MODE_MEAN) {
      if (count > 0) acc /= (double)count;
    }
    if constexpr (MODE == MODE_MAX) {
      if (count == 0) acc = 0.0;
      max_indices[bag * dim + f] = arg;
    }
    out[bag * dim + f] = acc;
  }
}
