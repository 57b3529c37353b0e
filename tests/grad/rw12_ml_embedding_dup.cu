// cuad: --fn embed_pos_f4 --wrt out,wte,wpe,scale
// cuad: fwd --fn embed_pos_f4 --wrt out,wte,wpe,scale
// Token + position embedding (llm.c's encoder_forward, with a T5/Gemma-style sqrt(C) scale
// passed in): one thread per float4 of the output, a token-id array with repeated ids (the
// same row of wte is gathered by several positions, so its adjoint is a scatter with
// collisions), a position row wpe[t], float4 loads through reinterpret_cast and __ldg.
#include <cuda_runtime.h>

__global__ void embed_pos_f4(float4* __restrict__ out, const int* __restrict__ tokens,
                             const float4* __restrict__ wte, const float4* __restrict__ wpe,
                             float scale, int B, int T, int C4) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= B * T * C4) return;
  const int c = idx % C4;
  const int bt = idx / C4;
  const int t = bt % T;
  const int id = __ldg(tokens + bt);
  const float4 e = wte[id * C4 + c];
  const float4 p = wpe[t * C4 + c];
  float4 r;
  r.x = e.x * scale + p.x;
  r.y = e.y * scale + p.y;
  r.z = e.z * scale + p.z;
  r.w = e.w * scale + p.w;
  out[idx] = r;
}
