// cuad: --fn gmm_loglik --wrt mu,log_sigma,logit_w,total
// Diagonal Gaussian mixture log-likelihood (float): one point per thread, a fixed-size loop over
// the K components with the log mixture weights from a log-softmax of logits, a stable
// log-sum-exp (running max with fmaxf, then expf/logf), a warp sum with __shfl_down_sync and
// one atomicAdd per warp into the total.
#define GMM_D 2
#define GMM_K 4
#define LOG_2PI 1.8378770664093453f

__device__ float log_softmax_weight(const float* logit_w, int k) {
  float m = -INFINITY;
  for (int j = 0; j < GMM_K; ++j) m = fmaxf(m, logit_w[j]);
  float s = 0.0f;
  for (int j = 0; j < GMM_K; ++j) s += expf(logit_w[j] - m);
  return logit_w[k] - m - logf(s);
}

__global__ void gmm_loglik(float* __restrict__ total, const float* __restrict__ x,
                           const float* __restrict__ mu, const float* __restrict__ log_sigma,
                           const float* __restrict__ logit_w, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float ll = 0.0f;
  if (i < n) {
    float lp[GMM_K];
    float m = -INFINITY;
    for (int k = 0; k < GMM_K; ++k) {
      float acc = log_softmax_weight(logit_w, k);
      for (int d = 0; d < GMM_D; ++d) {
        const float ls = log_sigma[k * GMM_D + d];
        const float z = (x[i * GMM_D + d] - mu[k * GMM_D + d]) * expf(-ls);
        acc += -0.5f * z * z - ls - 0.5f * LOG_2PI;
      }
      lp[k] = acc;
      m = fmaxf(m, acc);
    }
    float s = 0.0f;
    for (int k = 0; k < GMM_K; ++k) s += expf(lp[k] - m);
    ll = m + logf(s);
  }
  for (int off = 16; off > 0; off >>= 1) ll += __shfl_down_sync(0xffffffffu, ll, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(total, ll);
}
