// cuad: --fn flash_attn_fwd<16,8> --wrt out,lse,q,k,v -DCUAD_TAPE_CAPACITY=4096
// Mini flash-attention forward (non-causal), one thread per query row: q row and the output
// accumulator `float o[D]` live in registers, K and V are staged TILE rows at a time in
// __shared__ tiles, scores get an online softmax (running max m, running sum l, rescale of o
// by __expf(m_old - m_new)), and the row is divided by l at the end. Also writes the row's
// log-sum-exp (m + logf(l)) for a backward pass.
template <int D, int TILE>
__global__ void flash_attn_fwd(float* __restrict__ out, float* __restrict__ lse, const float* __restrict__ q,
                               const float* __restrict__ k, const float* __restrict__ v, int T,
                               float softmax_scale) {
  __shared__ float ks[TILE][D];
  __shared__ float vs[TILE][D];
  const int bh = blockIdx.y;
  const int qi = blockIdx.x * TILE + threadIdx.x;
  const size_t base = (size_t)bh * T * D;
  float qr[D], o[D];
#pragma unroll
  for (int d = 0; d < D; ++d) {
    qr[d] = (qi < T) ? q[base + qi * D + d] * softmax_scale : 0.f;
    o[d] = 0.f;
  }
  float m = -INFINITY, l = 0.f;
  for (int k0 = 0; k0 < T; k0 += TILE) {
    const int kj = k0 + threadIdx.x;
#pragma unroll
    for (int d = 0; d < D; ++d) {
      ks[threadIdx.x][d] = (kj < T) ? k[base + kj * D + d] : 0.f;
      vs[threadIdx.x][d] = (kj < T) ? v[base + kj * D + d] : 0.f;
    }
    __syncthreads();
    const int nk = min(TILE, T - k0);
    for (int j = 0; j < nk; ++j) {
      float s = 0.f;
#pragma unroll
      for (int d = 0; d < D; ++d) s = fmaf(qr[d], ks[j][d], s);
      const float m_new = fmaxf(m, s);
      const float corr = __expf(m - m_new);
      const float p = __expf(s - m_new);
      l = l * corr + p;
#pragma unroll
      for (int d = 0; d < D; ++d) o[d] = fmaf(p, vs[j][d], o[d] * corr);
      m = m_new;
    }
    __syncthreads();
  }
  if (qi < T) {
    const float inv_l = 1.f / l;
#pragma unroll
    for (int d = 0; d < D; ++d) out[base + qi * D + d] = o[d] * inv_l;
    lse[(size_t)bh * T + qi] = m + logf(l);
  }
}
