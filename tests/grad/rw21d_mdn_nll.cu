// cuad: --fn mdn_nll_forward<3> --wrt feats,W,b,loss
// The output head and loss of a mixture density network (Bishop's MDN, as in handwriting /
// world-model code): a linear layer maps each sample's features to K mixture logits, K means
// and K log standard deviations (one row block each of W), and the negative log-likelihood of
// the scalar target under the Gaussian mixture is a log-sum-exp over components of
// log_softmax(pi)_k + log N(y | mu_k, sigma_k), computed in per-thread register arrays with
// max subtraction. log sigma is clamped to a range as such code does; each sample carries a
// weight, and the weighted mean goes into *loss with one atomicAdd per thread.
#include <cuda_runtime.h>
#include <math.h>

#define LOG_SQRT_2PI 0.91893853320467274178
#define LOG_SIGMA_MIN -7.0
#define LOG_SIGMA_MAX 7.0

template <int K>
__global__ void mdn_nll_forward(const double* __restrict__ feats, const double* __restrict__ W,
                                const double* __restrict__ b, const double* __restrict__ y,
                                const double* __restrict__ sample_w, double* __restrict__ loss,
                                int n, int F, double inv_total_w) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n) return;
  const double* f = feats + s * F;
  double head[3 * K];
#pragma unroll
  for (int r = 0; r < 3 * K; ++r) {
    double acc = b[r];
    for (int i = 0; i < F; ++i) acc += W[r * F + i] * f[i];
    head[r] = acc;
  }
  const double* logit = head;
  const double* mu = head + K;
  const double* log_sigma = head + 2 * K;

  // log_softmax over the mixture logits
  double lmax = logit[0];
#pragma unroll
  for (int k = 1; k < K; ++k) lmax = fmax(lmax, logit[k]);
  double lsum = 0.0;
#pragma unroll
  for (int k = 0; k < K; ++k) lsum += exp(logit[k] - lmax);
  const double log_norm = lmax + log(lsum);

  double comp[K];
#pragma unroll
  for (int k = 0; k < K; ++k) {
    const double ls = fmin(fmax(log_sigma[k], LOG_SIGMA_MIN), LOG_SIGMA_MAX);
    const double z = (y[s] - mu[k]) * exp(-ls);
    comp[k] = (logit[k] - log_norm) - 0.5 * z * z - ls - LOG_SQRT_2PI;
  }
  double cmax = comp[0];
#pragma unroll
  for (int k = 1; k < K; ++k) cmax = fmax(cmax, comp[k]);
  double csum = 0.0;
#pragma unroll
  for (int k = 0; k < K; ++k) csum += exp(comp[k] - cmax);
  const double nll = -(cmax + log(csum));
  atomicAdd(loss, sample_w[s] * nll * inv_total_w);
}

template __global__ void mdn_nll_forward<3>(const double*, const double*, const double*,
                                            const double*, const double*, double*, int, int,
                                            double);
