// cuad: --fn soft_nw_batch --wrt xa,xb,gap,temp,score
// cuad: fwd --fn soft_nw_batch --wrt xa,xb,gap,temp,score
// Soft Needleman-Wunsch between pairs of protein sequences represented by per-residue
// embeddings (as a learned aligner on top of a protein language model does): one block per
// pair, the residue embeddings staged in shared memory, the match score the scaled dot
// product of two embeddings. The DP keeps only three anti-diagonals in a shared
// [3][MAXL + 1] buffer indexed by d % 3: thread i owns row i, diagonal d holds the cells with
// i + j == d, and a __syncthreads separates the diagonals. Borders are linear gap costs; the
// inner cells take the temperature-smoothed maximum (log-sum-exp) of the three moves. Pairs
// have their own lengths (data-dependent loop bounds).
#include <cuda_runtime.h>
#include <math.h>

#define MAXL 24
#define EMB 8

__device__ inline float smooth_max3(float a, float b, float c, float t) {
  const float m = fmaxf(a, fmaxf(b, c));
  return m + t * logf(expf((a - m) / t) + expf((b - m) / t) + expf((c - m) / t));
}

__global__ void soft_nw_batch(const float* __restrict__ xa, const float* __restrict__ xb,
                              const int* __restrict__ len_a, const int* __restrict__ len_b,
                              float gap, float temp, float* __restrict__ score) {
  __shared__ float sa[MAXL][EMB];
  __shared__ float sb[MAXL][EMB];
  __shared__ float dg[3][MAXL + 1];
  const int p = blockIdx.x;
  const int tid = threadIdx.x;
  const int la = len_a[p], lb = len_b[p];
  for (int e = tid; e < la * EMB; e += blockDim.x) sa[e / EMB][e % EMB] = xa[(p * MAXL) * EMB + e];
  for (int e = tid; e < lb * EMB; e += blockDim.x) sb[e / EMB][e % EMB] = xb[(p * MAXL) * EMB + e];
  __syncthreads();
  const float scale = rsqrtf((float)EMB);
  for (int d = 0; d <= la + lb; ++d) {
    const int cur = d % 3, prv = (d + 2) % 3, prv2 = (d + 1) % 3;
    const int i = tid, j = d - tid;
    if (i <= la && j >= 0 && j <= lb) {
      float v;
      if (i == 0) {
        v = j * gap;
      } else if (j == 0) {
        v = i * gap;
      } else {
        float s = 0.0f;
#pragma unroll
        for (int e = 0; e < EMB; ++e) s += sa[i - 1][e] * sb[j - 1][e];
        const float m_diag = dg[prv2][i - 1] + s * scale;
        const float m_up = dg[prv][i - 1] + gap;
        const float m_left = dg[prv][i] + gap;
        v = smooth_max3(m_diag, m_up, m_left, temp);
      }
      dg[cur][i] = v;
    }
    __syncthreads();
  }
  if (tid == 0) score[p] = dg[(la + lb) % 3][la];
}
