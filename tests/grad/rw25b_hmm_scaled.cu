// cuad: --fn hmm_scaled_forward<4,5> --wrt hp,loglik,post_last
// HMM forward algorithm with scaled probabilities (Rabiner's scaling): one thread per
// observation sequence. The model is given as unconstrained logits (a struct of device
// pointers passed by value, as a training code keeps its parameter tensors); the first
// threads of each block turn them into row-stochastic matrices in shared memory with a
// softmax helper that writes through a pointer into the shared row. Each step
// alpha_t(j) = sum_i alpha_{t-1}(i) A[i][j] * B[j][o_t] is renormalised by its sum c_t,
// log P(o) = sum_t log c_t. Outputs: the log-likelihood and the filtered state
// distribution at each sequence's last step. Sequences have their own lengths.
#include <cuda_runtime.h>
#include <math.h>

struct HmmParams {
  const float* trans_logits;  // [K][K]
  const float* emit_logits;   // [K][V]
  const float* init_logits;   // [K]
};

__device__ void softmax_row(const float* z, float* p, int n) {
  float m = z[0];
  for (int k = 1; k < n; ++k) m = fmaxf(m, z[k]);
  float s = 0.0f;
  for (int k = 0; k < n; ++k) {
    p[k] = expf(z[k] - m);
    s += p[k];
  }
  const float inv = 1.0f / s;
  for (int k = 0; k < n; ++k) p[k] *= inv;
}

template <int K, int V>
__global__ void hmm_scaled_forward(HmmParams hp, const int* __restrict__ obs,
                                   const int* __restrict__ lens, int max_T, int nseq,
                                   float* __restrict__ loglik, float* __restrict__ post_last) {
  __shared__ float A[K][K];
  __shared__ float B[K][V];
  __shared__ float pi[K];
  const int tid = threadIdx.x;
  if (tid < K) {
    softmax_row(hp.trans_logits + tid * K, &A[tid][0], K);
    softmax_row(hp.emit_logits + tid * V, &B[tid][0], V);
  } else if (tid == K) {
    softmax_row(hp.init_logits, pi, K);
  }
  __syncthreads();
  const int q = blockIdx.x * blockDim.x + tid;
  if (q >= nseq) return;
  const int* o = obs + q * max_T;
  const int T = lens[q];
  float alpha[K], nxt[K];
  float c = 0.0f;
  for (int k = 0; k < K; ++k) {
    alpha[k] = pi[k] * B[k][o[0]];
    c += alpha[k];
  }
  for (int k = 0; k < K; ++k) alpha[k] /= c;
  float ll = logf(c);
  for (int t = 1; t < T; ++t) {
    const int ot = o[t];
    c = 0.0f;
    for (int j = 0; j < K; ++j) {
      float s = 0.0f;
      for (int i = 0; i < K; ++i) s += alpha[i] * A[i][j];
      nxt[j] = s * B[j][ot];
      c += nxt[j];
    }
    for (int j = 0; j < K; ++j) alpha[j] = nxt[j] / c;
    ll += logf(c);
  }
  loglik[q] = ll;
  for (int k = 0; k < K; ++k) post_last[q * K + k] = alpha[k];
}

template __global__ void hmm_scaled_forward<4, 5>(HmmParams, const int*, const int*, int, int, float*, float*);
