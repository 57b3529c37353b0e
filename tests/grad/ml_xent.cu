// cuad: --fn xent_fwd --wrt loss,lse_out,logits
// Cross-entropy with log-sum-exp, one row per thread, int64 labels, the mean loss
// accumulated with atomicAdd, per-row lse saved for the backward.
#include <cstdint>
__global__ void xent_fwd(double* loss, double* lse_out, const double* __restrict__ logits,
                         const int64_t* __restrict__ labels, int n, int c) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  const double* z = logits + (size_t)r * c;
  double m = z[0];
  for (int j = 1; j < c; ++j)
    if (z[j] > m) m = z[j];
  double s = 0.0;
  for (int j = 0; j < c; ++j) s += exp(z[j] - m);
  const double lse = m + log(s);
  lse_out[r] = lse;
  atomicAdd(loss, (lse - z[labels[r]]) / n);
}
