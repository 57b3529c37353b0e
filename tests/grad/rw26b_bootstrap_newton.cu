// cuad: --fn bootstrap_curves --wrt quotes,df,zero
// cuad: fwd --fn bootstrap_curves --wrt quotes,df,zero
// Yield-curve bootstrapping for many scenario curves at once (one thread per curve), as a
// risk engine rebuilds curves under bumped quotes: pillars are two deposits (simple rates)
// then annual-pay par swaps at 1, 2, 3, 5, 7 and 10 years. Coupon dates that fall between
// pillars get log-linear interpolated discount factors, which depend on the pillar being
// solved, so each swap pillar is found by Newton's method (analytic derivative, a do-while
// loop that stops when the step is below 1e-14). The bootstrapped discount factors are
// written to the output array as they are found and read back from it for the later pillars;
// zero rates are written at the end.
#include <cuda_runtime.h>

#define NQ 8
#define NDEP 2

__constant__ double c_tenor[NQ] = {0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 7.0, 10.0};

// log-linear discount factor at time x between pillar k-1 (known) and pillar k with value dk;
// also returns d(df)/d(dk) in *ddk.
__device__ double df_between(const double* d, int k, double dk, double x, double* ddk) {
  const double t0 = c_tenor[k - 1], t1 = c_tenor[k];
  const double w = (x - t0) / (t1 - t0);
  const double v = exp((1.0 - w) * log(d[k - 1]) + w * log(dk));
  *ddk = w * v / dk;
  return v;
}

__global__ void bootstrap_curves(const double* __restrict__ quotes, int n_curves,
                                 double* __restrict__ df, double* __restrict__ zero) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n_curves) return;
  const double* q = quotes + c * NQ;
  double* d = df + c * NQ;
  for (int i = 0; i < NDEP; ++i) d[i] = 1.0 / (1.0 + q[i] * c_tenor[i]);
  for (int i = NDEP; i < NQ; ++i) {
    const int T = (int)c_tenor[i];
    double x = d[i - 1] * exp(-q[i] * (c_tenor[i] - c_tenor[i - 1]));  // flat-forward guess
    double step;
    int it = 0;
    do {
      double annuity = 0.0, dann = 0.0;
      for (int y = 1; y <= T; ++y) {
        double dy, dd;
        if (y < c_tenor[i - 1] - 1e-9) {
          // an earlier pillar or between two earlier pillars: no dependence on x
          int k = 1;
          while (c_tenor[k] < y - 1e-9) ++k;
          if (fabs(c_tenor[k] - y) < 1e-9) {
            dy = d[k];
          } else {
            dy = df_between(d, k, d[k], (double)y, &dd);
          }
          dd = 0.0;
        } else if (y == T) {
          dy = x;
          dd = 1.0;
        } else if (fabs(c_tenor[i - 1] - y) < 1e-9) {
          dy = d[i - 1];
          dd = 0.0;
        } else {
          dy = df_between(d, i, x, (double)y, &dd);
        }
        annuity += dy;
        dann += dd;
      }
      const double f = q[i] * annuity + x - 1.0;
      const double fp = q[i] * dann + 1.0;
      step = f / fp;
      x -= step;
      ++it;
    } while (fabs(step) > 1e-14 && it < 40);
    d[i] = x;
  }
  for (int i = 0; i < NQ; ++i) zero[c * NQ + i] = -log(d[i]) / c_tenor[i];
}
