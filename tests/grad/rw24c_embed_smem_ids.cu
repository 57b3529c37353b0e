// cuad: --fn embed_window_mean --wrt wte,pos_emb,out
// cuad: fwd --fn embed_window_mean --wrt wte,pos_emb,out
// Token + position embeddings followed by a causal local mean over a small window (a cheap
// "token shift" mixer), one block per sequence: the block first stages the sequence's token
// ids (ints) and the embedded rows (floats) in ONE dynamic shared-memory buffer carved into a
// float section and an int section behind it, then every thread produces output elements as
// the mean of the staged rows t-W+1..t. Padding tokens (id < 0) embed to zero.
#include <cuda_runtime.h>

__global__ void embed_window_mean(const int* __restrict__ tokens, const float* __restrict__ wte,
                                  const float* __restrict__ pos_emb, float* __restrict__ out, int T, int C,
                                  int window, float emb_scale) {
  extern __shared__ float smem[];
  float* rows = smem;                     // T * C floats
  int* ids = (int*)(smem + T * C);        // T ints
  const int b = blockIdx.x;
  for (int t = threadIdx.x; t < T; t += blockDim.x) ids[t] = tokens[b * T + t];
  __syncthreads();
  for (int e = threadIdx.x; e < T * C; e += blockDim.x) {
    const int t = e / C, c = e % C;
    const int id = ids[t];
    rows[e] = (id >= 0 ? wte[id * C + c] * emb_scale : 0.0f) + pos_emb[t * C + c];
  }
  __syncthreads();
  for (int e = threadIdx.x; e < T * C; e += blockDim.x) {
    const int t = e / C, c = e % C;
    const int lo = t - window + 1 < 0 ? 0 : t - window + 1;
    float acc = 0.0f;
    for (int j = lo; j <= t; ++j) acc += rows[j * C + c];
    out[(b * T + t) * C + c] = acc / (float)(t - lo + 1);
  }
}
