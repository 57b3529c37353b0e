// cuad: --fn implied_rate --wrt price,coupon,out
// Per-bond yield by bisection in a do-while loop (interval halves until narrow), then one
// Newton polish step so the result is differentiable in the inputs; loops with `break` and
// `continue` over cash flows, and an early return for a price out of range.
#include <cuda_runtime.h>

__device__ double bond_price(double y, double coupon, int n) {
  double p = 0.0, disc = 1.0;
  for (int t = 1; t <= n; ++t) {
    disc /= (1.0 + y);
    if (t < n) {
      p += coupon * disc;
      continue;
    }
    p += (1.0 + coupon) * disc;
  }
  return p;
}

__device__ double bond_dprice(double y, double coupon, int n) {
  double d = 0.0;
  for (int t = 1; t <= 64; ++t) {
    if (t > n) break;
    const double cf = t < n ? coupon : 1.0 + coupon;
    d -= t * cf * pow(1.0 + y, -(double)(t + 1));
  }
  return d;
}

__global__ void implied_rate(const double* price, const double* coupon, const int* years,
                             double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double c = coupon[i];
  const int m = years[i];
  if (price[i] <= 0.0) {
    out[i] = 0.0;
    return;
  }
  double lo = -0.5, hi = 1.0, mid;
  do {
    mid = 0.5 * (lo + hi);
    if (bond_price(mid, c, m) > price[i]) lo = mid;
    else hi = mid;
  } while (hi - lo > 1e-9);
  const double y = mid - (bond_price(mid, c, m) - price[i]) / bond_dprice(mid, c, m);
  out[i] = y;
}
