// cuad: --fn softdtw_queries<3> --wrt queries,ref,gamma,dist
// cuad: fwd --fn softdtw_queries<3> --wrt queries,ref,gamma,dist
// Soft-DTW of many short multichannel signals (nanopore-squiggle-like event features) against
// one reference template: one thread per query, the reference staged in shared memory, the DP
// kept as two rows in thread-local arrays that swap roles through pointers after every query
// sample (R[i][*] only needs R[i-1][*]). Each query has its own length. The soft minimum
// is a log-sum-exp of -R/gamma with the minimum subtracted; the per-query result is
// normalised by the path length bound (len + M).
#include <cuda_runtime.h>
#include <math.h>

#define MAX_REF 16
#define BIG 1e8

template <int DIM>
__device__ double sq_dist(const double* x, const double* y) {
  double s = 0.0;
#pragma unroll
  for (int c = 0; c < DIM; ++c) {
    const double dlt = x[c] - y[c];
    s += dlt * dlt;
  }
  return s;
}

__device__ double soft_min3(double a, double b, double c, double gamma) {
  const double mn = fmin(a, fmin(b, c));
  const double z = exp(-(a - mn) / gamma) + exp(-(b - mn) / gamma) + exp(-(c - mn) / gamma);
  return mn - gamma * log(z);
}

template <int DIM>
__global__ void softdtw_queries(const double* __restrict__ queries, const int* __restrict__ qlen,
                                const double* __restrict__ ref, int M, double gamma, int nq,
                                int max_len, double* __restrict__ dist) {
  __shared__ double s_ref[MAX_REF * DIM];
  for (int k = threadIdx.x; k < M * DIM; k += blockDim.x) s_ref[k] = ref[k];
  __syncthreads();
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= nq) return;
  const double* x = queries + (size_t)q * max_len * DIM;
  const int L = qlen[q];
  double row_a[MAX_REF + 1], row_b[MAX_REF + 1];
  double* prev = row_a;
  double* cur = row_b;
  prev[0] = 0.0;
  for (int j = 1; j <= M; ++j) prev[j] = BIG;
  for (int i = 1; i <= L; ++i) {
    cur[0] = BIG;
    for (int j = 1; j <= M; ++j) {
      const double cost = sq_dist<DIM>(x + (i - 1) * DIM, s_ref + (j - 1) * DIM);
      cur[j] = cost + soft_min3(prev[j - 1], prev[j], cur[j - 1], gamma);
    }
    double* t = prev;
    prev = cur;
    cur = t;
  }
  dist[q] = prev[M] / (L + M);
}

template __global__ void softdtw_queries<3>(const double*, const int*, const double*, int, double, int, int, double*);
