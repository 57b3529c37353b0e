// cuad: --fn cva_kernel --wrt trades,hw,hazard,cva
// CVA of a netting set of interest-rate swaps under a Hull-White short rate, as in an XVA
// engine: one thread per outer scenario evolves the rate on given normals (exact OU step),
// and at each exposure date revalues every trade of the netting set (affine zero-coupon bonds
// in the short rate; trades past their maturity are skipped with `continue`), nets them,
// applies a collateral threshold, and takes the expected positive exposure over the margin
// period of risk in closed form (Bachelier, with erfc); dates past the longest trade end
// the loop with `break`, and a scenario deep out of the money skips the closed form.
// Default probabilities come from a flat hazard rate; per-warp sums via __shfl_down_sync,
// one atomicAdd per warp.
#include <cuda_runtime.h>

#define N_DATES 10
#define MAX_TRADES 6
#define FULL_MASK 0xffffffffu
constexpr double kDtExp = 0.5;
constexpr double kInvSqrt2 = 0.7071067811865476;
constexpr double kInvSqrt2Pi = 0.3989422804014327;

struct Swap {
  double notional;  // > 0 payer, < 0 receiver
  double fixed;     // fixed rate
  double maturity;  // years
};

struct HullWhite {
  double a, sigma, r0, theta;  // mean reversion, vol, initial rate, long-run level
};

__device__ __forceinline__ double hw_B(double a, double tau) { return -expm1(-a * tau) / a; }

// P(t, t + tau | r) in a Vasicek-style affine model
__device__ __forceinline__ double zcb(const HullWhite& m, double r, double tau) {
  const double B = hw_B(m.a, tau);
  const double lnA = (m.theta - 0.5 * m.sigma * m.sigma / (m.a * m.a)) * (B - tau) -
                     0.25 * m.sigma * m.sigma * B * B / m.a;
  return exp(lnA - B * r);
}

// E[max(X, 0)] for X ~ N(mu, sd^2)
__device__ __forceinline__ double bachelier_epe(double mu, double sd) {
  const double x = mu / sd;
  return mu * 0.5 * erfc(-x * kInvSqrt2) + sd * kInvSqrt2Pi * exp(-0.5 * x * x);
}

__device__ __forceinline__ double warp_sum(double v) {
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(FULL_MASK, v, off);
  return v;
}

__global__ void cva_kernel(const Swap* __restrict__ trades, int n_trades, HullWhite hw,
                           const double* __restrict__ z, int n_scen, double hazard,
                           double recovery, double threshold, double mpor_vol,
                           double* __restrict__ cva) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  double acc = 0.0;
  if (s < n_scen) {
    double last = 0.0;
    for (int k = 0; k < n_trades; ++k) last = fmax(last, trades[k].maturity);
    double r = hw.r0, disc_int = 0.0;
    const double e = exp(-hw.a * kDtExp);
    const double sd_step = hw.sigma * sqrt(-expm1(-2.0 * hw.a * kDtExp) / (2.0 * hw.a));
    for (int d = 1; d <= N_DATES; ++d) {
      const double t = d * kDtExp;
      if (t >= last) break;
      const double r_new = hw.theta + (r - hw.theta) * e + sd_step * z[(d - 1) * n_scen + s];
      disc_int += 0.5 * (r + r_new) * kDtExp;  // trapezoid for the numeraire
      r = r_new;
      double net = 0.0;
      for (int k = 0; k < n_trades; ++k) {
        const Swap sw = trades[k];
        if (sw.maturity <= t) continue;
        // annual fixed leg from t to maturity; float leg = 1 - P(t, T)
        double annuity = 0.0;
        const int n_cpn = (int)ceil(sw.maturity - t);
        for (int j = 0; j < n_cpn; ++j) {
          const double tau = sw.maturity - j - t;
          annuity += fmin(1.0, tau) * zcb(hw, r, tau);
        }
        net += sw.notional * ((1.0 - zcb(hw, r, sw.maturity - t)) - sw.fixed * annuity);
      }
      const double mu = net - threshold;
      const double sd = mpor_vol * sqrt(fabs(net) + 1.0);
      if (mu < -8.0 * sd) continue;  // exposure is negligible
      const double pd = exp(-hazard * (t - kDtExp)) - exp(-hazard * t);
      acc += (1.0 - recovery) * exp(-disc_int) * bachelier_epe(mu, sd) * pd;
    }
  }
  const double wsum = warp_sum(acc);
  if ((threadIdx.x & 31) == 0) atomicAdd(cva, wsum / n_scen);
}
