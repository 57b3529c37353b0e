// cuad: --fn barrier_asian_lookback --wrt s0,vol_ts,rate,pay
// cuad: fwd --fn barrier_asian_lookback --wrt s0,vol_ts,rate,pay
// Pathwise-Greeks Monte Carlo of a down-and-out Asian/lookback hybrid under GBM with a
// term structure of volatility (one vol per step, read from global memory), in the style of
// a structured-products desk: the discrete barrier is smoothed (a logistic hit probability at
// each monitoring date, a Brownian-bridge crossing probability between dates) so that the
// survival weight is differentiable; path statistics are kept in a small struct whose member
// functions update it (running sum, running maximum with a comparison, survival product);
// a path whose survival drops below a tiny threshold stops early (`break`) and pays nothing
// more. The payoff is a softplus Asian call plus a lookback spread, times the survival weight.
#include <cuda_runtime.h>

#define NSTEP 20

struct PathStats {
  double sum, smax, survival;
  int n;
  __device__ void add(double s) {
    sum += s;
    if (s > smax) smax = s;
    ++n;
  }
  __device__ void knock(double p_hit) { survival *= 1.0 - p_hit; }
  __device__ double mean() const { return sum / n; }
};

struct BarrierSpec {
  double B, eps, K, T;
};

__device__ __forceinline__ double softplus(double x, double w) {
  return x / w > 30.0 ? x : w * log1p(exp(x / w));
}

__global__ void barrier_asian_lookback(const double* __restrict__ z, const double* s0,
                                       const double* __restrict__ vol_ts, double rate,
                                       BarrierSpec spec, int n_paths, double* __restrict__ pay) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_paths) return;
  const double dt = spec.T / NSTEP;
  const double lnB = log(spec.B);
  PathStats st{0.0, 0.0, 1.0, 0};
  double s = *s0;
  st.smax = s;
  for (int k = 0; k < NSTEP; ++k) {
    const double sig = vol_ts[k];
    const double s_prev = s;
    s *= exp((rate - 0.5 * sig * sig) * dt + sig * sqrt(dt) * z[p * NSTEP + k]);
    const double a = log(s_prev) - lnB, b = log(s) - lnB;
    const double p_bridge = a > 0.0 && b > 0.0 ? exp(-2.0 * a * b / (sig * sig * dt)) : 1.0;
    const double p_date = 1.0 / (1.0 + exp((s - spec.B) / spec.eps));
    st.knock(p_bridge);
    st.knock(p_date);
    st.add(s);
    if (st.survival < 1e-14) break;
  }
  const double asian = softplus(st.mean() - spec.K, 0.5);
  pay[p] = exp(-rate * spec.T) * st.survival * (asian + 0.25 * (st.smax - s));
}
