// cuad: --fn soft_sw_warp --wrt subst,gap,temp,score
// Soft Smith-Waterman with one warp per sequence pair and the wavefront carried in registers
// (the inter-lane scheme of GPU aligners such as CUDASW++ / GASAL2, smoothed): lane i owns
// row i + 1 of the query, and at step k handles column j = k - i + 1. The cell above comes
// from lane i - 1's value of the previous step (__shfl_up_sync), the diagonal cell is the
// value received one step earlier, the left cell is the lane's own last value. Lanes keep
// an online (max, sum) log-sum-exp of their cells; a butterfly over the warp combines them
// into the soft local-alignment score. DNA sequences, a 4x4 substitution matrix.
#include <cuda_runtime.h>
#include <math.h>

#define FULL_MASK 0xffffffffu

struct OnlineLse {
  double m;
  double s;
};

__device__ __forceinline__ void lse_add(OnlineLse& acc, double v, double t) {
  if (v > acc.m) {
    acc.s = acc.s * exp((acc.m - v) / t) + 1.0;
    acc.m = v;
  } else {
    acc.s += exp((v - acc.m) / t);
  }
}

__device__ __forceinline__ double soft_max4(double a, double b, double c, double d, double t) {
  const double m = fmax(fmax(a, b), fmax(c, d));
  return m + t * log(exp((a - m) / t) + exp((b - m) / t) + exp((c - m) / t) + exp((d - m) / t));
}

__global__ void soft_sw_warp(const int* __restrict__ qa, const int* __restrict__ qlen, const int* __restrict__ tb,
                             const int* __restrict__ tlen, int max_len, int npairs, const double* __restrict__ subst,
                             double gap, double temp, double* __restrict__ score) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int lane = threadIdx.x & 31;
  if (warp >= npairs) return;  // whole warps leave together
  const int m = qlen[warp], n = tlen[warp];
  const int a_i = lane < m ? qa[warp * max_len + lane] : 0;
  const int* b = tb + warp * max_len;
  double h_cur = 0.0, up_prev = 0.0;
  OnlineLse acc = {-1e30, 0.0};
  for (int k = 0; k < m + n - 1; ++k) {
    double up = __shfl_up_sync(FULL_MASK, h_cur, 1);
    if (lane == 0) up = 0.0;
    const int j = k - lane + 1;
    if (lane < m && j >= 1 && j <= n) {
      const double diag = up_prev + subst[a_i * 4 + b[j - 1]];
      h_cur = soft_max4(0.0, diag, up + gap, h_cur + gap, temp);
      lse_add(acc, h_cur, temp);
    }
    up_prev = up;
  }
  for (int off = 16; off > 0; off >>= 1) {
    const double om = __shfl_xor_sync(FULL_MASK, acc.m, off);
    const double os = __shfl_xor_sync(FULL_MASK, acc.s, off);
    const double nm = fmax(acc.m, om);
    acc.s = acc.s * exp((acc.m - nm) / temp) + os * exp((om - nm) / temp);
    acc.m = nm;
  }
  if (lane == 0) score[warp] = acc.m + temp * log(acc.s);
}
