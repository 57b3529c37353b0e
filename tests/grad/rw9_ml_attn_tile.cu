// cuad: --fn attn_scores<16,8> --wrt att,q,k
// cuad: --fn attn_scores<16,8> --wrt att,k
// Causal attention scores, one thread per query row, (batch*head) on blockIdx.y: the query row
// is held in registers (`float qr[D]` under #pragma unroll), keys are staged TILE rows at a time
// in a padded __shared__ tile ks[TILE][D + 1] (each thread loads one key row), then a
// #pragma unroll dot product with fmaf; scores above the diagonal are not written.
template <int D, int TILE>
__global__ void attn_scores(float* __restrict__ att, const float* __restrict__ q,
                            const float* __restrict__ k, int T, float scale) {
  __shared__ float ks[TILE][D + 1];
  const int bh = blockIdx.y;
  const int qi = blockIdx.x * TILE + threadIdx.x;
  const float* qb = q + (size_t)bh * T * D;
  const float* kb = k + (size_t)bh * T * D;
  float qr[D];
#pragma unroll
  for (int d = 0; d < D; ++d) qr[d] = (qi < T) ? qb[qi * D + d] * scale : 0.f;
  const int last_key = min(T, (blockIdx.x + 1) * TILE);
  for (int k0 = 0; k0 < last_key; k0 += TILE) {
    const int kj = k0 + threadIdx.x;
#pragma unroll
    for (int d = 0; d < D; ++d) ks[threadIdx.x][d] = (kj < T) ? __ldg(kb + kj * D + d) : 0.f;
    __syncthreads();
    if (qi < T) {
      for (int j = 0; j < TILE; ++j) {
        const int key = k0 + j;
        if (key > qi) break;
        float acc = 0.f;
#pragma unroll
        for (int d = 0; d < D; ++d) acc = fmaf(qr[d], ks[j][d], acc);
        att[((size_t)bh * T + qi) * T + key] = acc;
      }
    }
    __syncthreads();
  }
}
