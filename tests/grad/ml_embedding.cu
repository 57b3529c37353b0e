// cuad: --fn embedding_fwd --wrt out,table,scale
// Embedding lookup: one block per token, gather a table row by int64 index, scaled
// (sqrt(d_model) style); repeated tokens make the table's adjoint a scatter-add.
#include <cstdint>
__global__ void embedding_fwd(float* __restrict__ out, const float* __restrict__ table,
                              const int64_t* __restrict__ idx, int dim, float scale) {
  const int tok = blockIdx.x;
  const int64_t row = idx[tok];
  for (int d = threadIdx.x; d < dim; d += blockDim.x)
    out[(int64_t)tok * dim + d] = table[row * dim + d] * scale;
}
