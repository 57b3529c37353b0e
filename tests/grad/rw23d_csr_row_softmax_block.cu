// cuad: --fn csr_row_softmax --wrt logits,probs
// Sparse row softmax over the nonzeros of a CSR matrix (attention masks, edge softmax of a
// transformer over a sparse pattern, as in DGL's edge_softmax / torch.sparse.softmax): one
// block per row with a grid-stride loop over rows; the row max and the row sum of
// exponentials are block reductions in __shared__ memory (tree over blockDim threads), whose
// results are published by thread 0 in a __shared__ scalar for the whole block.
#include <cuda_runtime.h>

#define TPB 32

__global__ void csr_row_softmax(int n_rows, const int* __restrict__ row_ptr, const float* __restrict__ logits,
                                float* __restrict__ probs) {
  __shared__ float red[TPB];
  __shared__ float row_max, row_sum;
  const int t = threadIdx.x;
  for (int r = blockIdx.x; r < n_rows; r += gridDim.x) {
    const int beg = row_ptr[r], end = row_ptr[r + 1];
    float m = -1e30f;
    for (int k = beg + t; k < end; k += TPB) m = fmaxf(m, logits[k]);
    red[t] = m;
    __syncthreads();
    for (int s = TPB / 2; s > 0; s >>= 1) {
      if (t < s) red[t] = fmaxf(red[t], red[t + s]);
      __syncthreads();
    }
    if (t == 0) row_max = red[0];
    __syncthreads();
    float z = 0.0f;
    for (int k = beg + t; k < end; k += TPB) z += expf(logits[k] - row_max);
    red[t] = z;
    __syncthreads();
    for (int s = TPB / 2; s > 0; s >>= 1) {
      if (t < s) red[t] += red[t + s];
      __syncthreads();
    }
    if (t == 0) row_sum = red[0];
    __syncthreads();
    for (int k = beg + t; k < end; k += TPB) probs[k] = expf(logits[k] - row_max) / row_sum;
    __syncthreads();
  }
}
