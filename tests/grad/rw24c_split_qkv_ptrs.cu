// cuad: --fn split_qkv_heads --wrt qkv,bias,q,k,v
// cuad: fwd --fn split_qkv_heads --wrt qkv,bias,q,k,v
// Splitting the fused QKV projection (B*T rows of 3C) into separate q, k, v tensors in the
// (B, NH, T, HS) layout attention kernels want, adding the projection bias on the way, with
// the query pre-scaled by 1/sqrt(HS): the destination is picked from a local array of the
// three output pointers by which third of the row the element is in (llm.c's permute kernel,
// written with a pointer table).
#include <cuda_runtime.h>
#include <math.h>

__global__ void split_qkv_heads(const float* __restrict__ qkv, const float* __restrict__ bias, float* q, float* k,
                                float* v, int B, int T, int NH, int HS) {
  const int C = NH * HS;
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= B * T * 3 * C) return;
  const int row = idx / (3 * C), col = idx % (3 * C);
  const int b = row / T, t = row % T;
  const int which = col / C, rem = col % C;
  const int h = rem / HS, d = rem % HS;
  float* dst[3] = {q, k, v};
  float val = qkv[idx] + bias[col];
  if (which == 0) val *= rsqrtf((float)HS);
  dst[which][((b * NH + h) * T + t) * HS + d] = val;
}
