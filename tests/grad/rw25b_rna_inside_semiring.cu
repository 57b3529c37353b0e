// cuad: --fn rna_inside<LogProb> --wrt pair_score,beta,logz
// cuad: fwd --fn rna_inside<LogProb> --wrt pair_score,beta,logz
// Soft RNA secondary-structure folding: the inside (partition function) algorithm of a
// Nussinov-style model with learned base-pair scores, written once over a semiring so the
// same kernel gives the max-score fold (Viterbi) or the log partition function. The
// semiring is a value type with user-defined `+` (log-add-exp) and `*` (addition of log
// weights); the kernel template takes it as a parameter. One block per RNA; the table
// W[i][e] = log Z of the subsequence [i, e) lives in shared memory as an array of the
// value type, filled span by span with a __syncthreads between spans: thread i owns the
// interval starting at i. The first base of [i, e) is unpaired, or paired with k >= i + 4
// (hairpins of at least 3 bases) with weight beta * pair_score[s_i][s_k].
#include <cuda_runtime.h>
#include <math.h>

#define MAXN 28

struct LogProb {
  double v;
};

__device__ __forceinline__ LogProb operator+(LogProb a, LogProb b) {
  const double m = fmax(a.v, b.v);
  return LogProb{m + log(exp(a.v - m) + exp(b.v - m))};
}
__device__ __forceinline__ LogProb operator*(LogProb a, LogProb b) { return LogProb{a.v + b.v}; }

struct MaxPlus {
  double v;
};
__device__ __forceinline__ MaxPlus operator+(MaxPlus a, MaxPlus b) { return MaxPlus{fmax(a.v, b.v)}; }
__device__ __forceinline__ MaxPlus operator*(MaxPlus a, MaxPlus b) { return MaxPlus{a.v + b.v}; }

template <class S>
__global__ void rna_inside(const unsigned char* __restrict__ seqs, const int* __restrict__ lens,
                           const double* __restrict__ pair_score, double beta, double* __restrict__ logz) {
  __shared__ S W[MAXN + 1][MAXN + 1];
  __shared__ unsigned char s[MAXN];
  const int r = blockIdx.x;
  const int i = threadIdx.x;
  const int N = lens[r];
  if (i < N) s[i] = seqs[r * MAXN + i];
  if (i <= N) W[i][i] = S{0.0};  // the empty interval: weight one
  __syncthreads();
  for (int d = 1; d <= N; ++d) {
    const int e = i + d;
    if (e <= N) {
      S acc = (i + 1 <= e) ? W[i + 1][e] : S{0.0};
      for (int k = i + 4; k < e; ++k) {
        const S bond = S{beta * pair_score[s[i] * 4 + s[k]]};
        acc = acc + bond * W[i + 1][k] * W[k + 1][e];
      }
      W[i][e] = acc;
    }
    __syncthreads();
  }
  if (i == 0) logz[r] = W[0][N].v;
}

template __global__ void rna_inside<LogProb>(const unsigned char*, const int*, const double*, double, double*);
template __global__ void rna_inside<MaxPlus>(const unsigned char*, const int*, const double*, double, double*);
