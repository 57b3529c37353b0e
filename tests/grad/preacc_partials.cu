// cuad: --fn preacc --wrt out,x,y,s
// cuad: --fn preacc_value --wrt x,s
// Calls of scalar helpers whose partials the gradient computes in the forward sweep (next to
// the primal call) and scales in the reverse: an argument overwritten by the call's own
// statement, nested calls, two active arguments, an integer argument, calls inside a branch,
// calls under `?:` (only one side is evaluated), a call inside a loop (not preaccumulated),
// and a helper calling another helper from a pullback.
__host__ __device__ double bump(double v) { return v * exp(-0.5 * v * v) + 0.25 * v; }

__host__ __device__ double mix(double a, double b) { return a * b + sin(a) * cos(b); }

__host__ __device__ double powk(double v, int k) {
  double r = 1.0;
  for (int j = 0; j < k; ++j) r *= v;
  return r;
}

__host__ __device__ double chain(double v, double s) {
  double u = bump(v * s);
  u = bump(u);
  return mix(u, v) + powk(u, 2);
}

__global__ void preacc(double* out, const double* x, const double* y, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i];
    double b = y[i];
    a = bump(a);
    double c = mix(a, b) + bump(bump(b * s));
    if (b > 0.0) {
      c = c + powk(a, 3) * mix(s, a);
    }
    double d = i % 3 == 0 ? bump(c) : mix(c, a);
    for (int k = 0; k < 2; ++k) {
      d = d + bump(d * 0.1);
    }
    out[i] = chain(d, s) + c;
  }
}

// A value-returning helper whose body calls helpers: preaccumulated inside its gradient.
__host__ __device__ double preacc_value(const double* x, double s, int n) {
  double acc = 0.0;
  double first = bump(x[0] * s);
  for (int k = 0; k < n; ++k) {
    acc += mix(x[k], s);
  }
  return acc * first + chain(first, s);
}

