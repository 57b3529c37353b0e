// cuad: --fn conv1d_fwd --wrt out,x,w,bias
// Conv1d (N, Cin, L) -> (N, Cout, Lout) with zero padding and stride, one thread per output,
// flat index decomposed with / and %.
__global__ void conv1d_fwd(float* __restrict__ out, const float* __restrict__ x, const float* __restrict__ w,
                           const float* __restrict__ bias, int N, int Cin, int L, int Cout, int Kw, int pad,
                           int stride, int Lout) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  const int total = N * Cout * Lout;
  if (idx >= total) return;
  const int lo = idx % Lout;
  const int co = (idx / Lout) % Cout;
  const int b = idx / (Lout * Cout);
  float acc = bias[co];
  for (int ci = 0; ci < Cin; ++ci) {
    const float* xr = x + (b * Cin + ci) * L;
    const float* wr = w + (co * Cin + ci) * Kw;
    for (int k = 0; k < Kw; ++k) {
      const int li = lo * stride - pad + k;
      if (li >= 0 && li < L) acc += xr[li] * wr[k];
    }
  }
  out[idx] = acc;
}
