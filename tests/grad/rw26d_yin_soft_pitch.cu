// cuad: --fn yin_soft_pitch --wrt x,temp,cmnd,pitch
// Differentiable YIN pitch estimation, one block per frame: the squared-difference function
// d(tau) = sum_j (x_j - x_{j+tau})^2 is accumulated in shared memory with atomicAdd (each
// thread takes a strided set of j and loops over all lags), then thread 0 forms the
// cumulative-mean-normalised difference d'(tau) = d(tau) tau / sum_{k<=tau} d(k) with a
// running sum, and a soft argmin over lags (softmax of -d'/temp with the max-shift trick)
// gives a differentiable period estimate, converted to a pitch fs / period. The normalised
// differences are written out too. Gradients w.r.t. the frame samples, the temperature and
// both outputs.
#include <cuda_runtime.h>
#include <math.h>

#define MAX_LAG 24
#define WIN 40

__global__ void yin_soft_pitch(const double* __restrict__ x, int hop, double temp, double fs,
                               double* __restrict__ cmnd, double* __restrict__ pitch) {
  __shared__ double s_d[MAX_LAG + 1];
  const int f = blockIdx.x;
  const int tid = threadIdx.x;
  const double* fr = x + f * hop;
  for (int k = tid; k <= MAX_LAG; k += blockDim.x) s_d[k] = 0.0;
  __syncthreads();
  for (int j = tid; j < WIN; j += blockDim.x) {
    for (int tau = 1; tau <= MAX_LAG; ++tau) {
      const double diff = fr[j] - fr[j + tau];
      atomicAdd(&s_d[tau], diff * diff);
    }
  }
  __syncthreads();
  if (tid != 0) return;
  double running = 0.0;
  double dn[MAX_LAG + 1];
  double lo = 1e30;
  for (int tau = 1; tau <= MAX_LAG; ++tau) {
    running += s_d[tau];
    dn[tau] = s_d[tau] * tau / running;
    cmnd[f * MAX_LAG + tau - 1] = dn[tau];
    lo = fmin(lo, dn[tau]);
  }
  double z = 0.0, num = 0.0;
  for (int tau = 2; tau <= MAX_LAG; ++tau) {
    const double e = exp(-(dn[tau] - lo) / temp);
    z += e;
    num += tau * e;
  }
  pitch[f] = fs * z / num;
}
