// cuad: --fn attention_forward_kernel --wrt out,preatt,att,inp
// llm.c's reference attention_forward ported line by line to one CUDA thread per (b, t, h):
// inp is the fused (B, T, 3C) qkv activation, preatt and att are (B, NH, T, T) buffers the
// training code keeps for the backward pass. Pass 1 writes the scaled scores to preatt and
// tracks the max, pass 2 writes exp(score - max) to att and sums it, pass 3 rescales att in
// place by 1/sum and zeroes the masked (future) part, pass 4 accumulates the value vectors
// weighted by att (read back from global memory) into out.
#include <cuda_runtime.h>
#include <math.h>

__global__ void attention_forward_kernel(float* out, float* preatt, float* att, const float* inp,
                                         int B, int T, int C, int NH) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= B * T * NH) return;
  const int h = idx % NH;
  const int t = (idx / NH) % T;
  const int b = idx / (NH * T);
  const int C3 = C * 3;
  const int hs = C / NH;
  const float scale = 1.0f / sqrtf((float)hs);

  const float* query_t = inp + b * T * C3 + t * C3 + h * hs;
  float* preatt_bth = preatt + b * NH * T * T + h * T * T + t * T;
  float* att_bth = att + b * NH * T * T + h * T * T + t * T;

  // pass 1: q.k and the running max
  float maxval = -10000.0f;
  for (int t2 = 0; t2 <= t; t2++) {
    const float* key_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C;
    float val = 0.0f;
    for (int i = 0; i < hs; i++) val += query_t[i] * key_t2[i];
    val *= scale;
    if (val > maxval) maxval = val;
    preatt_bth[t2] = val;
  }
  // pass 2: exponentials and their sum
  float expsum = 0.0f;
  for (int t2 = 0; t2 <= t; t2++) {
    const float expv = expf(preatt_bth[t2] - maxval);
    expsum += expv;
    att_bth[t2] = expv;
  }
  const float expsum_inv = expsum == 0.0f ? 0.0f : 1.0f / expsum;
  // pass 3: normalize in place, zero the future
  for (int t2 = 0; t2 < T; t2++) {
    if (t2 <= t) {
      att_bth[t2] *= expsum_inv;
    } else {
      att_bth[t2] = 0.0f;
    }
  }
  // pass 4: weighted sum of values
  float* out_bth = out + b * T * C + t * C + h * hs;
  for (int i = 0; i < hs; i++) out_bth[i] = 0.0f;
  for (int t2 = 0; t2 <= t; t2++) {
    const float* value_t2 = inp + b * T * C3 + t2 * C3 + h * hs + C * 2;
    const float att_btht2 = att_bth[t2];
    for (int i = 0; i < hs; i++) out_bth[i] += att_btht2 * value_t2[i];
  }
}
