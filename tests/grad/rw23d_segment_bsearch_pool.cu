// cuad: --fn segment_attention_pool --wrt score,val,out
// cuad: --fn segment_logsumexp --wrt v
// Attention pooling over sorted segments (graph readout / ragged-batch pooling, as in
// torch_scatter's segment_coo): the elements are sorted by segment id; each thread owns one
// output segment, finds its bounds by binary search (lower_bound of s and of s + 1 in the
// sorted ids), computes a max-stabilised softmax of the scores over the segment and pools
// the D-dimensional values with it. Empty segments pool to zero. The per-segment
// log-sum-exp is a __host__ __device__ helper that is differentiated on its own as well.
#include <cuda_runtime.h>
#include <math.h>

#define D 3

__host__ __device__ inline int lower_bound_id(const int* ids, int n, int key) {
  int lo = 0, hi = n;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (ids[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

__host__ __device__ inline double segment_logsumexp(const double* v, int lo, int hi) {
  double m = v[lo];
  for (int i = lo + 1; i < hi; ++i) m = v[i] > m ? v[i] : m;
  double s = 0.0;
  for (int i = lo; i < hi; ++i) s += exp(v[i] - m);
  return m + log(s);
}

__global__ void segment_attention_pool(int n, int n_seg, const int* __restrict__ seg_ids,
                                       const double* __restrict__ score, const double* __restrict__ val,
                                       double* __restrict__ out) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n_seg) return;
  const int lo = lower_bound_id(seg_ids, n, s);
  const int hi = lower_bound_id(seg_ids, n, s + 1);
  double acc[D] = {0.0, 0.0, 0.0};
  if (hi > lo) {
    const double lse = segment_logsumexp(score, lo, hi);
    for (int i = lo; i < hi; ++i) {
      const double a = exp(score[i] - lse);
      for (int d = 0; d < D; ++d) acc[d] += a * val[i * D + d];
    }
  }
  for (int d = 0; d < D; ++d) out[s * D + d] = acc[d];
}
