// cuad: --fn hmm_logspace_halfwarp --wrt log_A,log_B,log_pi,loglik,post
// Log-space HMM forward algorithm with one half-warp per sequence and one lane per hidden
// state (16 states, e.g. a small profile/segment model): lane j gathers alpha_{t-1}(i) from
// lane i with __shfl_sync(width 16) and folds alpha_{t-1}(i) + log A[i][j] into an online
// log-sum-exp (rescaling the running sum when a new maximum appears). The two halves of a
// warp run sequences of different lengths: the whole warp steps to the longer of the two
// (exchanged with a shuffle across the halves) and a half past its own end keeps its alpha;
// a half-warp without a sequence runs along on a clamped index and writes nothing. The
// final log-likelihood is a butterfly log-sum-exp across the half-warp (__shfl_xor_sync, a
// max pass then a sum pass); each lane also writes its state's posterior at the last step.
#include <cuda_runtime.h>
#include <math.h>

#define NSTATE 16

__device__ __forceinline__ void lse_push(double v, double& m, double& s) {
  if (v > m) {
    s = s * exp(m - v) + 1.0;
    m = v;
  } else {
    s += exp(v - m);
  }
}

__global__ void hmm_logspace_halfwarp(const double* __restrict__ log_A, const double* __restrict__ log_B,
                                      const double* __restrict__ log_pi, const int* __restrict__ obs,
                                      const int* __restrict__ lens, int max_T, int V, int nseq,
                                      double* __restrict__ loglik, double* __restrict__ post) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const int j = lane & (NSTATE - 1);
  const int q_raw = gtid / NSTATE;
  const bool valid = q_raw < nseq;
  const int q = valid ? q_raw : nseq - 1;
  const unsigned mask = 0xffffffffu;
  const int* o = obs + q * max_T;
  const int T = valid ? lens[q] : 1;
  const int T_warp = max(T, __shfl_xor_sync(mask, T, 16));
  double alpha = log_pi[j] + log_B[j * V + o[0]];
  for (int t = 1; t < T_warp; ++t) {
    double m = -1e300, s = 0.0;
    for (int i = 0; i < NSTATE; ++i) {
      const double ai = __shfl_sync(mask, alpha, i, NSTATE);
      lse_push(ai + log_A[i * NSTATE + j], m, s);
    }
    if (t < T) alpha = m + log(s) + log_B[j * V + o[t]];
  }
  double mx = alpha;
  for (int off = NSTATE / 2; off > 0; off >>= 1) mx = fmax(mx, __shfl_xor_sync(mask, mx, off, NSTATE));
  double se = exp(alpha - mx);
  for (int off = NSTATE / 2; off > 0; off >>= 1) se += __shfl_xor_sync(mask, se, off, NSTATE);
  const double ll = mx + log(se);
  if (valid) {
    if (j == 0) loglik[q] = ll;
    post[q * NSTATE + j] = exp(alpha - ll);
  }
}
