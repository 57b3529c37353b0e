// cuad: --fn embedding_bag_mean --wrt table,psw,out
// EmbeddingBag (mean mode, per-sample weights): bags given by offsets into an index array with
// repeated indices, a 2-D block (threadIdx.x over the embedding dimension, threadIdx.y over
// bags), a loop whose trip count is the bag's size, empty bags giving zeros.
#include <cuda_runtime.h>

__global__ void embedding_bag_mean(const float* __restrict__ table, const int* __restrict__ idx,
                                   const int* __restrict__ offsets, const float* __restrict__ psw,
                                   float* __restrict__ out, int n_bags, int dim) {
  const int bag = blockIdx.x * blockDim.y + threadIdx.y;
  const int d = threadIdx.x;
  if (bag >= n_bags || d >= dim) return;
  const int begin = offsets[bag], end = offsets[bag + 1];
  float acc = 0.0f;
  for (int p = begin; p < end; ++p) acc += psw[p] * table[idx[p] * dim + d];
  out[bag * dim + d] = end > begin ? acc / (float)(end - begin) : 0.0f;
}
