// cuad: --fn viterbi_decode --wrt log_A,log_emit,best,path_emit
// Viterbi decoding of a profile-like HMM over real-valued per-position emission scores (e.g.
// a basecaller's or a gene finder's per-frame log-probabilities): one thread per sequence,
// a max-plus recursion in a local array with integer backpointers in a local [T][K] table,
// then a traceback loop following the backpointers from the best final state. Outputs: the
// best path score, and the sum of the emission scores along the decoded path (its gradient
// flows to the emissions the path visits). Frames per sequence vary.
#include <cuda_runtime.h>
#include <math.h>

#define KS 6
#define MAXT 16

__device__ int argmax_k(const double* v, double* best) {
  int arg = 0;
  double b = v[0];
  for (int k = 1; k < KS; ++k)
    if (v[k] > b) {
      b = v[k];
      arg = k;
    }
  *best = b;
  return arg;
}

__global__ void viterbi_decode(const double* __restrict__ log_A, const double* __restrict__ log_emit,
                               const int* __restrict__ frames, int nseq, double* __restrict__ best,
                               double* __restrict__ path_emit, int* __restrict__ path) {
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= nseq) return;
  const int T = frames[q];
  const double* em = log_emit + (size_t)q * MAXT * KS;
  double delta[KS], nd[KS], cand[KS];
  int bp[MAXT][KS];
  for (int k = 0; k < KS; ++k) delta[k] = em[k] - log((double)KS);
  for (int t = 1; t < T; ++t) {
    for (int j = 0; j < KS; ++j) {
      for (int i = 0; i < KS; ++i) cand[i] = delta[i] + log_A[i * KS + j];
      double m;
      bp[t][j] = argmax_k(cand, &m);
      nd[j] = m + em[t * KS + j];
    }
    for (int j = 0; j < KS; ++j) delta[j] = nd[j];
  }
  double score;
  int s = argmax_k(delta, &score);
  best[q] = score;
  double pe = 0.0;
  for (int t = T - 1; t >= 0; --t) {
    path[q * MAXT + t] = s;
    pe += em[t * KS + s];
    if (t > 0) s = bp[t][s];
  }
  path_emit[q] = pe;
}
