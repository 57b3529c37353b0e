// cuad: --fn pwm_occupancy --wrt counts,bg,mp,occ,total
// cuad: fwd --fn pwm_occupancy --wrt counts,bg,mp,occ,total
// Transcription-factor binding: scan DNA sequences with a position weight matrix and compute the
// expected number of bound sites (a thermodynamic occupancy model, as in soft motif finders).
// The block first turns the motif's pseudo-counted base counts into log-odds against the
// background composition in shared memory (one thread per motif column). Each thread then
// scores positions (block-stride loop), on the forward strand and on the reverse complement,
// combines the strands with logaddexp, and maps the score to an occupancy
// sigmoid(beta * (score - mu)). Per-sequence sums: warp shuffles, then one partial per warp
// in shared memory, then warp 0; the grand total is accumulated with atomicAdd across blocks.
// The motif's scalar hyper-parameters come in a struct passed by value.
#include <cuda_runtime.h>
#include <math.h>

#define MAXW 12
#define NB 4
#define THREADS 64

struct MotifParams {
  float pseudocount;
  float mu;
  float beta;
};

__device__ __forceinline__ float logaddexpf(float a, float b) {
  const float m = fmaxf(a, b);
  return m + log1pf(expf(-fabsf(a - b)));
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off);
  return v;
}

__global__ void pwm_occupancy(const unsigned char* __restrict__ seqs, int seq_len, const float* __restrict__ counts,
                              int W, const float* __restrict__ bg, MotifParams mp, float* __restrict__ occ,
                              float* __restrict__ total) {
  __shared__ float lo[MAXW][NB];
  __shared__ float warp_part[THREADS / 32];
  const int tid = threadIdx.x;
  if (tid < W) {
    float n = 0.0f;
    for (int b = 0; b < NB; ++b) n += counts[tid * NB + b];
    for (int b = 0; b < NB; ++b)
      lo[tid][b] = logf((counts[tid * NB + b] + mp.pseudocount * bg[b]) / (n + mp.pseudocount)) - logf(bg[b]);
  }
  __syncthreads();
  const unsigned char* s = seqs + (size_t)blockIdx.x * seq_len;
  float acc = 0.0f;
  for (int pos = tid; pos + W <= seq_len; pos += blockDim.x) {
    float sf = 0.0f, sr = 0.0f;
    for (int k = 0; k < W; ++k) {
      const int base = s[pos + k];
      sf += lo[k][base];
      sr += lo[W - 1 - k][NB - 1 - base];  // reverse complement: A<->T, C<->G
    }
    const float score = logaddexpf(sf, sr);
    acc += 1.0f / (1.0f + expf(-mp.beta * (score - mp.mu)));
  }
  acc = warp_sum(acc);
  if ((tid & 31) == 0) warp_part[tid >> 5] = acc;
  __syncthreads();
  if (tid < 32) {
    float v = (tid < THREADS / 32) ? warp_part[tid] : 0.0f;
    v = warp_sum(v);
    if (tid == 0) {
      occ[blockIdx.x] = v;
      atomicAdd(total, v);
    }
  }
}
