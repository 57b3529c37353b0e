// cuad: --fn gauss_moments --wrt mu,prec,wts,out
// cuad: fwd --fn gauss_moments --wrt mu,prec,wts,out
// Written for cuad in the style of per-thread numerical-integration kernels (likelihoods,
// radiative transfer): a recursive `__device__` Simpson rule with a bounded depth, an integrand
// functor struct with `operator()` passed by const reference, a `__device__` function template
// folding an array with two functor types (one stateless, one carrying a value that depends on
// the inputs), and `fma`. (A lambda passed to the template is diagnosed: build.rs, lambda_arg.)
struct Gauss {
  double mu, prec;
  __device__ double operator()(double t) const {
    const double d = t - mu;
    return exp(-0.5 * prec * d * d);
  }
};

__device__ double simpson_rec(const Gauss& f, double a, double b, double fa, double fm, double fb,
                              int depth) {
  const double m = 0.5 * (a + b);
  const double flm = f(0.5 * (a + m)), frm = f(0.5 * (m + b));
  if (depth == 0) return (b - a) / 12.0 * (fa + 4.0 * flm + 2.0 * fm + 4.0 * frm + fb);
  return simpson_rec(f, a, m, fa, flm, fm, depth - 1) + simpson_rec(f, m, b, fm, frm, fb, depth - 1);
}

template <class Op>
__device__ double fold(const double* v, int n, double init, Op op) {
  double acc = init;
  for (int k = 0; k < n; ++k) acc = op(acc, v[k]);
  return acc;
}

struct SumSquares {
  __device__ double operator()(double acc, double v) const { return fma(v, v, acc); }
};

struct Tilted {
  double rate;
  __device__ double operator()(double acc, double v) const { return acc + v * exp(-rate * v); }
};

__global__ void gauss_moments(const double* mu, const double* prec, const double* wts, double* out,
                              int n, int k) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Gauss f{mu[i], prec[i]};
  const double a = -1.0, b = 1.5;
  const double mass = simpson_rec(f, a, b, f(a), f(0.5 * (a + b)), f(b), 3);
  const double* w = wts + i * k;
  const double energy = fold(w, k, 0.0, SumSquares{});
  const double peak = fold(w, k, 0.0, Tilted{f.prec});
  out[i] = mass * energy + out[i] * peak;
}
