// cuad: --fn encoder_forward --wrt out,wte,wpe
// cuad: --fn encoder_forward --wrt out,wte,scale
// GPT-2 encoder (llm.c style): token embedding gathered through an int index array plus a
// positional embedding, float4 packed; repeated tokens scatter into one table row, every
// batch scatters into the same positional rows. Token embeddings scaled by `scale`.
__global__ void encoder_forward(float4* __restrict__ out, const int* __restrict__ inp,
                                const float4* __restrict__ wte, const float4* __restrict__ wpe,
                                float scale, int B, int T, int C4) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  const int N = B * T * C4;
  if (idx < N) {
    const int bt = idx / C4;
    const int b = bt / T;
    const int t = bt % T;
    const int c = idx % C4;
    const int ix = __ldg(inp + b * T + t);
    const float4 we = wte[ix * C4 + c];
    const float4 pe = wpe[t * C4 + c];
    out[idx] = make_float4(fmaf(we.x, scale, pe.x), fmaf(we.y, scale, pe.y),
                           fmaf(we.z, scale, pe.z), fmaf(we.w, scale, pe.w));
  }
}
