// cuad: --fn online_softmax_av --wrt out,scores,v
// Flash-attention style single-pass softmax(scores) @ V: one block per query row, one thread per
// head dimension; a running maximum with fmaxf, the running sum and accumulator rescaled by
// __expf(m_old - m_new) every step (m starts at -INFINITY), the division at the end.
__global__ void online_softmax_av(float* __restrict__ out, const float* __restrict__ scores,
                                  const float* __restrict__ v, int T, int D) {
  const int row = blockIdx.x;
  const int d = threadIdx.x;
  if (d >= D) return;
  float m = -INFINITY, l = 0.0f, acc = 0.0f;
  for (int j = 0; j < T; ++j) {
    const float x = scores[row * T + j];
    const float m_new = fmaxf(m, x);
    const float corr = __expf(m - m_new);
    const float p = __expf(x - m_new);
    l = l * corr + p;
    acc = fmaf(acc, corr, p * v[j * D + d]);
    m = m_new;
  }
  out[row * D + d] = acc / l;
}
