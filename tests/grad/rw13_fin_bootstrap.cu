// cuad: --fn bootstrap_bonds --wrt par,coupon,price
// cuad: fwd --fn bootstrap_bonds --wrt par,coupon,price
// Yield-curve bootstrap per scenario curve, followed by bond pricing off the bootstrapped
// curve, as in a risk engine that reprices a bond book under many curve scenarios: one thread
// per curve, discount factors bootstrapped from par swap rates one maturity after another
// (each depends on the running annuity of the earlier ones) into a local array, zero rates via
// -log(df)/t, linear interpolation of zero rates at off-grid coupon dates (flat extrapolation
// at the short end), and a loop over the bonds of the book. Coupons are shared by all curves,
// so their adjoints gather across threads. Output 2: forward mode.
#include <cuda_runtime.h>

#define MAX_MAT 12
#define N_BONDS 4
constexpr double kTau = 0.5;  // semiannual swaps

struct Bond {
  double maturity;  // years, off the swap grid
  double notional;
};

__device__ __forceinline__ double zero_rate_at(const double* zr, int n_mat, double t) {
  const double x = t / kTau - 1.0;  // node m sits at (m + 1) * tau
  if (x <= 0.0) return zr[0];
  int m = (int)x;
  if (m >= n_mat - 1) return zr[n_mat - 1];
  const double a = x - m;
  return (1.0 - a) * zr[m] + a * zr[m + 1];
}

__global__ void bootstrap_bonds(const double* __restrict__ par, int n_curves, int n_mat,
                                const double* __restrict__ coupon, const Bond* __restrict__ bonds,
                                double* __restrict__ price) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n_curves) return;
  double zr[MAX_MAT];
  double annuity = 0.0;
  for (int m = 0; m < n_mat; ++m) {
    const double s = par[c * n_mat + m];
    const double df = (1.0 - s * kTau * annuity) / (1.0 + s * kTau);
    annuity += df;
    zr[m] = -log(df) / ((m + 1) * kTau);
  }
#pragma unroll
  for (int b = 0; b < N_BONDS; ++b) {
    const Bond bd = bonds[b];
    const double cpn = coupon[b];
    double pv = 0.0;
    // coupon dates counted back from maturity
    for (double t = bd.maturity; t > 1e-9; t -= kTau) {
      const double df = exp(-zero_rate_at(zr, n_mat, t) * t);
      pv += cpn * kTau * df;
      if (t == bd.maturity) pv += df;  // redemption
    }
    price[c * N_BONDS + b] = bd.notional * pv;
  }
}
