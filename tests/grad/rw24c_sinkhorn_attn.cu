// cuad: --fn sinkhorn_attention --wrt scores,P
// cuad: fwd --fn sinkhorn_attention --wrt scores,P
// Sinkformer-style doubly-stochastic attention weights: one block per head computes
// P = exp(S / temperature - rowmax) into the output buffer, then runs n_iter Sinkhorn
// iterations in place in global memory: thread r normalizes row r, barrier, thread c
// normalizes column c (reading entries other threads just wrote), barrier. T <= blockDim.x.
#include <cuda_runtime.h>
#include <math.h>

__global__ void sinkhorn_attention(const float* __restrict__ scores, float* __restrict__ P, int T, int n_iter,
                                   float inv_temp) {
  const int h = blockIdx.x;
  const int r = threadIdx.x;
  const float* S = scores + (size_t)h * T * T;
  float* A = P + (size_t)h * T * T;
  if (r < T) {
    float mx = -INFINITY;
    for (int c = 0; c < T; ++c) mx = fmaxf(mx, S[r * T + c] * inv_temp);
    for (int c = 0; c < T; ++c) A[r * T + c] = expf(S[r * T + c] * inv_temp - mx);
  }
  __syncthreads();
  for (int it = 0; it < n_iter; ++it) {
    if (r < T) {
      float rs = 0.0f;
      for (int c = 0; c < T; ++c) rs += A[r * T + c];
      const float inv = 1.0f / rs;
      for (int c = 0; c < T; ++c) A[r * T + c] *= inv;
    }
    __syncthreads();
    if (r < T) {
      const int c = r;
      float cs = 0.0f;
      for (int i = 0; i < T; ++i) cs += A[i * T + c];
      const float inv = 1.0f / cs;
      for (int i = 0; i < T; ++i) A[i * T + c] *= inv;
    }
    __syncthreads();
  }
}
