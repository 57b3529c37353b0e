// cuad: --fn segment_logsumexp --wrt x,scale,out
// cuad: fwd --fn segment_logsumexp
// Ragged segments (offsets array), one thread per segment: an online log-sum-exp whose running
// max and sum are overwritten in a loop of data-dependent length, with a branch on whether the
// new element raises the max; empty segments give -inf-free zeros.
#include <cuda_runtime.h>

__global__ void segment_logsumexp(const double* __restrict__ x, const int* __restrict__ offsets,
                                  const double* __restrict__ scale, double* __restrict__ out,
                                  int n_seg) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n_seg) return;
  const int begin = offsets[s], end = offsets[s + 1];
  if (begin == end) {
    out[s] = 0.0;
    return;
  }
  double m = scale[s] * x[begin];
  double sum = 1.0;
  int j = begin + 1;
  while (j < end) {
    const double v = scale[s] * x[j];
    if (v > m) {
      sum = sum * exp(m - v) + 1.0;
      m = v;
    } else {
      sum += exp(v - m);
    }
    ++j;
  }
  out[s] = m + log(sum);
}
