// cuad: --fn pair_hmm_forward --wrt qual,gop,gcp,loglik
// The pair-HMM forward algorithm of variant callers (GATK HaplotypeCaller's
// PairHMM::computeReadLikelihoodGivenHaplotype): the likelihood of a read given a candidate
// haplotype, summed over all alignments with match / insertion / deletion states. One thread
// per (read, haplotype) pair; the DP keeps the previous and current rows of the three state
// matrices in a local struct that is copied whole after each read base (`prev = cur;`). Base
// qualities are real-valued Phred scores turned into error probabilities (10^(-q/10)); the
// gap-open and gap-continuation penalties are Phred scores too, turned into the transition
// probabilities by a helper returning a struct. The deletion row 0 starts at 1 / |hap|
// (free start anywhere on the haplotype); the result is log10 of the sum of the last row.
#include <cuda_runtime.h>
#include <math.h>

#define MAXR 16
#define MAXH 24

struct Transitions {
  float mm, gm, mx, xx;  // match->match, gap->match, match->gap, gap->gap
};

struct DpRow {
  float M[MAXH + 1];
  float I[MAXH + 1];
  float D[MAXH + 1];
};

__device__ __forceinline__ float phred_to_prob(float q) { return powf(10.0f, -0.1f * q); }

__device__ Transitions make_transitions(float gop, float gcp) {
  Transitions t;
  const float open = phred_to_prob(gop), cont = phred_to_prob(gcp);
  t.mm = 1.0f - 2.0f * open;
  t.gm = 1.0f - cont;
  t.mx = open;
  t.xx = cont;
  return t;
}

__global__ void pair_hmm_forward(const char* __restrict__ reads, const float* __restrict__ qual,
                                 const int* __restrict__ read_len, const char* __restrict__ haps,
                                 const int* __restrict__ hap_len, const int* __restrict__ pair_read,
                                 const int* __restrict__ pair_hap, int npairs, float gop, float gcp,
                                 float* __restrict__ loglik) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= npairs) return;
  const int r = pair_read[k], h = pair_hap[k];
  const char* rd = reads + r * MAXR;
  const float* rq = qual + r * MAXR;
  const char* hp = haps + h * MAXH;
  const int R = read_len[r], H = hap_len[h];
  const Transitions tr = make_transitions(gop, gcp);
  DpRow prev, cur;
  for (int j = 0; j <= H; ++j) {
    prev.M[j] = 0.0f;
    prev.I[j] = 0.0f;
    prev.D[j] = 1.0f / H;
  }
  for (int i = 1; i <= R; ++i) {
    const float err = phred_to_prob(rq[i - 1]);
    cur.M[0] = 0.0f;
    cur.I[0] = 0.0f;
    cur.D[0] = 0.0f;
    for (int j = 1; j <= H; ++j) {
      const float prior = (rd[i - 1] == hp[j - 1] || rd[i - 1] == 'N') ? 1.0f - err : err / 3.0f;
      cur.M[j] = prior * (tr.mm * prev.M[j - 1] + tr.gm * (prev.I[j - 1] + prev.D[j - 1]));
      cur.I[j] = tr.mx * prev.M[j] + tr.xx * prev.I[j];
      cur.D[j] = tr.mx * cur.M[j - 1] + tr.xx * cur.D[j - 1];
    }
    prev = cur;
  }
  float total = 0.0f;
  for (int j = 1; j <= H; ++j) total += prev.M[j] + prev.I[j];
  loglik[k] = log10f(total);
}
