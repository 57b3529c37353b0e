// cuad: fwd --fn attn_row
// cuad: fwd --fn attn_row --wrt q,cfg,out
// Forward mode on a one-block-per-query attention kernel: scores in __shared__ memory, a
// shared max reduction (fmax tree) and a shared sum reduction under __syncthreads, exp of the
// shifted scores, a struct of scalars by value (temperature and a distance-penalty slope),
// a branch on a causal mask, and a strided loop over the head dimension in a __device__ dot
// helper. Each thread then writes one output channel.
#include <cuda_runtime.h>
#define KEYS 32

struct AttnCfg {
  double inv_temp;
  double slope;
  int causal;
};

__device__ double dot_head(const double* a, const double* b, int d) {
  double s = 0.0;
  for (int j = 0; j < d; ++j) s += a[j] * b[j];
  return s;
}

__global__ void attn_row(const double* q, const double* k, const double* v, AttnCfg cfg,
                         double* out, int nkeys, int d) {
  __shared__ double sc[KEYS];
  __shared__ double red[KEYS];
  int row = blockIdx.x, t = threadIdx.x;
  double s = -1e30;
  if (t < nkeys && (!cfg.causal || t <= row)) {
    s = dot_head(q + row * d, k + t * d, d) * cfg.inv_temp - cfg.slope * (double)(row - t) * (row - t) * 0.1;
  }
  sc[t] = s;
  red[t] = s;
  __syncthreads();
  for (int st = KEYS / 2; st > 0; st /= 2) {
    if (t < st) red[t] = fmax(red[t], red[t + st]);
    __syncthreads();
  }
  double mx = red[0];
  __syncthreads();
  double e = (t < nkeys && sc[t] > -1e29) ? exp(sc[t] - mx) : 0.0;
  sc[t] = e;
  red[t] = e;
  __syncthreads();
  for (int st = KEYS / 2; st > 0; st /= 2) {
    if (t < st) red[t] += red[t + st];
    __syncthreads();
  }
  double denom = red[0];
  if (t < d) {
    double acc = 0.0;
    for (int j = 0; j < nkeys; ++j) acc += sc[j] * v[j * d + t];
    out[row * d + t] = acc / denom;
  }
}
