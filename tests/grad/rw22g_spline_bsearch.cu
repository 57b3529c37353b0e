// cuad: --fn spline_fit_eval --wrt xk,yk,xq,yq
// cuad: fwd --fn spline_fit_eval
// A batch of natural cubic splines, one per thread (tabulated equations of state, per-pixel
// response curves), as Numerical Recipes' spline/splint do it: knot spacings and the second
// derivative system built in local arrays, solved by the tridiagonal sweep (forward
// elimination into a scratch array, back substitution into y2), then every query located by
// a binary search over the knots (a while loop updating integer lo/hi, queries outside the
// table fall into the end intervals) and evaluated from the per-interval coefficients.
#define NK 8
#define NQ 6

__global__ void spline_fit_eval(int nspl, const double* xk, const double* yk, const double* xq,
                                double* yq) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nspl) return;
  double x[NK], y[NK], y2[NK], u[NK];
  for (int i = 0; i < NK; ++i) {
    x[i] = xk[t * NK + i];
    y[i] = yk[t * NK + i];
  }
  y2[0] = u[0] = 0.0;  // natural end
  for (int i = 1; i < NK - 1; ++i) {
    const double sig = (x[i] - x[i - 1]) / (x[i + 1] - x[i - 1]);
    const double p = sig * y2[i - 1] + 2.0;
    y2[i] = (sig - 1.0) / p;
    u[i] = (y[i + 1] - y[i]) / (x[i + 1] - x[i]) - (y[i] - y[i - 1]) / (x[i] - x[i - 1]);
    u[i] = (6.0 * u[i] / (x[i + 1] - x[i - 1]) - sig * u[i - 1]) / p;
  }
  y2[NK - 1] = 0.0;
  for (int k = NK - 2; k >= 0; --k) y2[k] = y2[k] * y2[k + 1] + u[k];

  for (int j = 0; j < NQ; ++j) {
    const double q = xq[t * NQ + j];
    int lo = 0, hi = NK - 1;
    while (hi - lo > 1) {
      const int mid = (hi + lo) >> 1;
      if (x[mid] > q)
        hi = mid;
      else
        lo = mid;
    }
    const double h = x[hi] - x[lo];
    const double a = (x[hi] - q) / h;
    const double b = (q - x[lo]) / h;
    yq[t * NQ + j] = a * y[lo] + b * y[hi] +
                     ((a * a * a - a) * y2[lo] + (b * b * b - b) * y2[hi]) * (h * h) / 6.0;
  }
}
