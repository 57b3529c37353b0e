#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The kernels round every intermediate to 16 bits, so central differences of the kernels
// themselves are noise. The losses here run a double-precision mirror of each kernel instead
// (checked against the kernel's own outputs first, to half or bfloat16 accuracy), and the
// adjoints and tangents cuad computes in 16 bits are compared with its finite differences.
// Tolerances: __half keeps 11 significant bits, so a value is off by ~5e-4 relative per
// rounding and an adjoint goes through a few roundings (1e-2, 2e-2); __nv_bfloat16 keeps 8 bits
// (4e-3 relative per rounding, 5e-2). Inputs are multiples of 1/64 (exact in both formats),
// kept away from the kinks of __habs2 and from the zero of a divisor.

template <class P, class H>
std::vector<P> pack(const std::vector<float>& v) {
  std::vector<P> out;
  for (size_t i = 0; i + 1 < v.size(); i += 2) out.push_back(P{H(v[i]), H(v[i + 1])});
  return out;
}

template <class P>
std::vector<double> unpack(const std::vector<P>& v) {
  std::vector<double> out;
  for (const P& p : v) {
    out.push_back((double)(float)p.x);
    out.push_back((double)(float)p.y);
  }
  return out;
}

double gelu(double u) {
  return 0.5 * u * (1.0 + std::tanh(0.7978846 * (u + 0.044715 * u * u * u)));
}

// Outputs y (2 per pair) then out (1 per pair) of half2_math, in double.
std::vector<double> half2_ref(const std::vector<float>& x, const std::vector<float>& w,
                              const std::vector<float>& b, int n) {
  std::vector<double> y(2 * n), out(n);
  for (int i = 0; i < n; ++i) {
    double v[2] = {x[2 * i], x[2 * i + 1]}, t[2], e[2], s[2], g[2], l[2];
    const double c[2] = {1.0, 2.0};
    const double r[2] = {std::sin(v[0]), std::cos((double)w[2 * i + 1])};
    for (int k = 0; k < 2; ++k) {
      t[k] = v[k] * w[2 * i + k] + b[2 * i + k] + v[k] * v[k] + v[0];
      e[k] = std::exp(t[k] * 0.25);
      s[k] = std::sqrt(v[k] * v[k] + c[k]);
      y[2 * i + k] = e[k] / s[k] + r[k] / std::sqrt(s[k]);
    }
    g[0] = t[0] * t[1];
    g[1] = v[1];
    for (int k = 0; k < 2; ++k) l[k] = std::log(g[k] * g[k] + c[k] + std::fabs(v[k]));
    out[i] = t[0] * v[1] + l[0] + s[1] + l[1];
  }
  y.insert(y.end(), out.begin(), out.end());
  return y;
}

// Outputs y then out of bf162_gelu, in double.
std::vector<double> bf162_ref(const std::vector<float>& x, const std::vector<float>& w, int n) {
  std::vector<double> y(2 * n), out(n);
  for (int i = 0; i < n; ++i) {
    double v[2] = {x[2 * i], x[2 * i + 1]}, g[2];
    const double d[2] = {2.0, w[2 * i + 1]};
    for (int k = 0; k < 2; ++k) {
      const double wk = w[2 * i + k];
      g[k] = gelu(v[k] * wk) * v[0] + std::exp(-std::fabs(wk));
      y[2 * i + k] = g[k] - v[k] / d[k];
    }
    out[i] = g[0] * g[1] + v[0];
  }
  y.insert(y.end(), out.begin(), out.end());
  return y;
}

// Multiples of 1/64 in [lo, hi] at least `gap` away from zero.
std::vector<float> grid(int count, int seed, float lo, float hi, float gap) {
  std::vector<float> v(count);
  for (int i = 0; i < count; ++i) {
    float f = lo + std::fmod((float)((i * 37 + seed * 11) % 97) / 96.f * (hi - lo), hi - lo);
    f = std::round(f * 64.f) / 64.f;
    if (std::fabs(f) < gap) f = f < 0 ? -gap : gap;
    v[i] = f;
  }
  return v;
}

double weighted(const std::vector<double>& o, const std::vector<float>& wy,
                const std::vector<float>& wo) {
  double s = 0;
  for (size_t i = 0; i < wy.size(); ++i) s += wy[i] * o[i];
  for (size_t i = 0; i < wo.size(); ++i) s += wo[i] * o[wy.size() + i];
  return s;
}

int main() {
  const int n = 40;
#if CUAD_OUTPUT <= 2
  Checker check("pair16_math");
  typedef __half2 P;
  typedef __half H;
  const Tol tol{1e-2, 2e-2};
  std::vector<float> x = grid(2 * n, 1, -0.75f, 0.75f, 1.f / 16), b = grid(2 * n, 2, -0.5f, 0.5f, 0),
                     w = grid(2 * n, 3, -1.f, 1.f, 0);
  auto ref = [&](const std::vector<float>& xv, const std::vector<float>& wv,
                 const std::vector<float>& bv) { return half2_ref(xv, wv, bv, n); };
#else
  Checker check("pair16_math");
  typedef __nv_bfloat162 P;
  typedef __nv_bfloat16 H;
  const Tol tol{5e-2, 5e-2};
  std::vector<float> x = grid(2 * n, 4, -1.f, 1.f, 0), b,
                     w = grid(2 * n, 5, -1.f, 1.f, 1.f / 4);
  auto ref = [&](const std::vector<float>& xv, const std::vector<float>& wv,
                 const std::vector<float>&) { return bf162_ref(xv, wv, n); };
#endif
  Rng rng(8101);
  std::vector<float> wy = grid(2 * n, 6, -1.f, 1.f, 0), wo = rng.vec<float>(n),
                     y = zeros<float>(2 * n), out = zeros<float>(n);
  DeviceArray<P> d_x(pack<P, H>(x)), d_w(pack<P, H>(w)), d_y(pack<P, H>(y));
  DeviceArray<float> d_o(out);
#if CUAD_OUTPUT <= 2
  DeviceArray<P> d_b(pack<P, H>(b));
#define PRIMAL(K, ...) CUAD_LAUNCH(half2_math##K, 2, 32, d_x.ptr, d_w.ptr, d_b.ptr, d_y.ptr, d_o.ptr, n, __VA_ARGS__)
#else
#define PRIMAL(K, ...) CUAD_LAUNCH(bf162_gelu##K, 2, 32, d_x.ptr, d_w.ptr, d_y.ptr, d_o.ptr, n, __VA_ARGS__)
#endif
  {
    // The mirror computes what the kernel computes.
#if CUAD_OUTPUT <= 2
    CUAD_LAUNCH(half2_math, 2, 32, d_x.ptr, d_w.ptr, d_b.ptr, d_y.ptr, d_o.ptr, n);
#else
    CUAD_LAUNCH(bf162_gelu, 2, 32, d_x.ptr, d_w.ptr, d_y.ptr, d_o.ptr, n);
#endif
    std::vector<double> got = unpack(d_y.get());
    for (float o : d_o.get()) got.push_back(o);
    check.array("primal", got, ref(x, w, b), tol);
    d_y.set(pack<P, H>(y));
    d_o.set(out);
  }
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  auto loss = [&] { return weighted(ref(x, w, b), wy, wo); };
  DeviceArray<P> a_x(pack<P, H>(zeros<float>(2 * n))), a_w(pack<P, H>(zeros<float>(2 * n))),
      a_y(pack<P, H>(wy));
  DeviceArray<float> a_o(wo);
#if CUAD_OUTPUT == 1
  DeviceArray<P> a_b(pack<P, H>(zeros<float>(2 * n)));
  CUAD_GRAD(PRIMAL(_grad_0_1_2_3_4, a_x.ptr, a_w.ptr, a_b.ptr, a_y.ptr, a_o.ptr));
  check.array("b", unpack(a_b.get()), fd(b, loss), tol);
#else
  CUAD_GRAD(PRIMAL(_grad_0_1_2_3, a_x.ptr, a_w.ptr, a_y.ptr, a_o.ptr));
#endif
  check.array("x", unpack(a_x.get()), fd(x, loss), tol);
  check.array("w", unpack(a_w.get()), fd(w, loss), tol);
  check.array("y", unpack(a_y.get()), fd(y, loss), tol);
  check.array("out", as_doubles(a_o.get()), fd(out, loss), tol);
#else
  std::vector<float> vx = grid(2 * n, 7, -1.f, 1.f, 0), vw = grid(2 * n, 8, -1.f, 1.f, 0),
                     vb = grid(2 * n, 9, -1.f, 1.f, 0);
  if (b.empty()) vb.clear();
  auto outputs_at = [&](double t) { return ref(along(x, t, vx), along(w, t, vw), along(b, t, vb)); };
  const std::vector<double> dir = directional_fd<float>(outputs_at);
  DeviceArray<P> t_x(pack<P, H>(vx)), t_w(pack<P, H>(vw)), t_y(pack<P, H>(zeros<float>(2 * n)));
  DeviceArray<float> t_o(zeros<float>(n));
#if CUAD_OUTPUT == 2
  DeviceArray<P> t_b(pack<P, H>(vb));
  CUAD_GRAD(PRIMAL(_pushforward, t_x.ptr, t_w.ptr, t_b.ptr, t_y.ptr, t_o.ptr));
#else
  CUAD_GRAD(PRIMAL(_pushforward, t_x.ptr, t_w.ptr, t_y.ptr, t_o.ptr));
#endif
  std::vector<double> tangents = unpack(t_y.get());
  for (float o : t_o.get()) tangents.push_back(o);
  check.array("tangents", tangents, dir, tol);
#endif
  return check.finish();
}
