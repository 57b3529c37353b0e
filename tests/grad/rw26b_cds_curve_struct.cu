// cuad: --fn cds_book_pv --wrt mkt,pv
// cuad: fwd --fn cds_book_pv --wrt mkt,pv
// Mark-to-market of a book of credit default swaps off one market snapshot, as a credit desk's
// GPU repricer does: the whole market (a zero-rate curve and a piecewise-constant hazard curve,
// each with fixed-size pillar arrays, and the recovery rate) is one struct passed by value to
// the kernel. One thread per CDS: the premium leg sums discounted survival-weighted accruals
// over quarterly coupon dates up to the trade's maturity, the protection leg integrates
// default density times discount on the same grid (mid-point rule), and the accrual-on-default
// term is added. Curve lookups go through a reference to the nested curve and a pointer to its
// pillar array (linear zero-rate interpolation with a search loop that exits early, flat
// beyond the last pillar), the hazard integral accumulates piece by piece with an early
// `break` once past the target time.
#include <cuda_runtime.h>

#define NZ 6
#define NH 5

struct ZeroCurve {
  double t[NZ];
  double z[NZ];
};

struct HazardCurve {
  double t_end[NH];  // right ends of the constant pieces
  double lambda[NH];
};

struct Market {
  ZeroCurve zc;
  HazardCurve hc;
  double recovery;
};

struct Cds {
  double maturity, spread, notional;
};

__device__ double discount(const ZeroCurve& c, double t) {
  const double* tp = c.t;
  if (t <= tp[0]) return exp(-c.z[0] * t);
  int j = 0;
  while (j < NZ - 1 && tp[j + 1] < t) ++j;
  if (j == NZ - 1) return exp(-c.z[NZ - 1] * t);
  const double w = (t - tp[j]) / (tp[j + 1] - tp[j]);
  return exp(-((1.0 - w) * c.z[j] + w * c.z[j + 1]) * t);
}

__device__ double survival(const HazardCurve& h, double t) {
  double integral = 0.0, t0 = 0.0;
  for (int k = 0; k < NH; ++k) {
    const double t1 = k == NH - 1 ? 1e9 : h.t_end[k];
    if (t <= t1) {
      integral += h.lambda[k] * (t - t0);
      break;
    }
    integral += h.lambda[k] * (t1 - t0);
    t0 = t1;
  }
  return exp(-integral);
}

__global__ void cds_book_pv(const Cds* __restrict__ book, int n, Market mkt,
                            double* __restrict__ pv) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Cds c = book[i];
  const ZeroCurve& zc = mkt.zc;
  const int n_cpn = (int)(c.maturity * 4.0 + 0.5);
  double premium = 0.0, protection = 0.0, aod = 0.0;
  double q_prev = 1.0, t_prev = 0.0;
  for (int k = 1; k <= n_cpn; ++k) {
    const double t = 0.25 * k;
    const double q = survival(mkt.hc, t);
    const double df_mid = discount(zc, 0.5 * (t + t_prev));
    premium += 0.25 * discount(zc, t) * q;
    protection += df_mid * (q_prev - q);
    aod += 0.125 * df_mid * (q_prev - q);
    q_prev = q;
    t_prev = t;
  }
  pv[i] = c.notional * ((1.0 - mkt.recovery) * protection - c.spread * (premium + aod));
}
