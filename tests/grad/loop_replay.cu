// cuad: --fn lookup --wrt out,ps,xs
// Loop-local values the reverse pass recomputes instead of taping (`p` from read-only memory
// and the counter, `z` from a by-value helper of `p` and `y`), next to a value carried from
// one iteration to the next (`x`, taped) and a helper that writes through a reference.
struct Coef {
  double a;
  double b;
};

__device__ double bump(Coef c, double x) { return c.a * sin(x * c.b); }

__device__ void scale_into(double& r, double s) { r = r * s + 0.25; }

__global__ void lookup(double* out, const Coef* ps, const double* xs, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double acc = 0.0;
    double x = xs[i];
    double y = xs[(i + 1) % n];
    for (int k = 0; k < m; ++k) {
      Coef p = ps[(i + k) % m];
      double z = bump(p, y) * p.a;
      double r = z * x;
      scale_into(r, p.b);
      acc += z * r + p.b * x;
      x = x * 0.9 + z * 0.1;
    }
    out[i] = acc;
  }
}
