// cuad: --fn iterate --wrt out,a,b
// Inner loops whose iterations the reverse pass recomputes instead of taping: a carried
// value (`x`), one defined on only one path (`t`), helpers that overwrite their reference
// arguments (`split` defines both, `damp` reads `hi` first), clamps, a value the code before
// the loop needs (`pre` reads the entry `x`), inside an outer loop that stores to memory.
__device__ void split(double& lo, double& hi, double v) {
  lo = v * 0.5;
  hi = v - lo * lo;
}

__device__ void damp(double& r, double s) { r = r * s + 0.1; }

__global__ void iterate(double* out, const double* a, const double* b, int n, int iters,
                        int outer) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = a[i];
    double c = b[i];
    double pre = x * x;
    double lo = 0.0;
    double hi = 0.0;
    double t = 0.3;
    for (int o = 0; o < outer; ++o) {
      for (int k = 0; k < iters; ++k) {
        double g = x * x - c;
        if (g > 0.5) {
          t = sin(g);
        }
        split(lo, hi, x + t);
        damp(hi, 0.9);
        x = x - 0.25 * g / (1.0 + x * x) + 0.1 * hi * t;
        if (fabs(x) < 1e-3) {
          x = 0.0;
        }
        x = fmax(x, -2.0);
      }
      out[i * (outer + 1) + o] = x * lo;
    }
    out[i * (outer + 1) + outer] = pre * t;
  }
}
