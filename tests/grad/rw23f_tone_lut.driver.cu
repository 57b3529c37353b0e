#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
__global__ void eval_curve(const float* v, const float* knots, float* res, int n) {
  const int i = threadIdx.x;
  if (i < n) res[i] = tone_curve(v[i], knots);
}
#if !defined(CUAD_SELFTEST)
__global__ void eval_curve_grad(const float* v, const float* knots, const float* w, float* dv, float* dk, int n) {
  // one thread does all points, so the knot adjoint needs no atomics
  if (threadIdx.x != 0) return;
  for (int i = 0; i < n; ++i) {
    float dvi = 0.0f;
    float dki[NK];
    for (int k = 0; k < NK; ++k) dki[k] = 0.0f;
    tone_curve_grad(v[i], knots, &dvi, dki);
    dv[i] = w[i] * dvi;
    for (int k = 0; k < NK; ++k) dk[k] += w[i] * dki[k];
  }
}
#endif
#endif

int main() {
  Checker check("rw23f_tone_lut");
  Rng rng(23622);
  std::vector<float> knots = rng.vec<float>(NK, -1.0, 1.0);
  auto away = [&](double lo, double hi) {
    for (;;) {
      const double v = rng.uniform(lo, hi);
      const double pos = v * NK;
      if (std::fabs(pos - std::round(pos)) > 0.05) return (float)v;
    }
  };
#if CUAD_OUTPUT == 1
  const int n = 12;
  std::vector<float> v(n);
  for (auto& x : v) x = away(0.02, 0.98);
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_v(v), d_k(knots), d_r(zeros<float>(n));
    CUAD_LAUNCH(eval_curve, 1, 32, d_v.ptr, d_k.ptr, d_r.ptr, n);
    return dot(w, d_r.get());
  };
  DeviceArray<float> d_v(v), d_k(knots), d_w(w), g_v(zeros<float>(n)), g_k(zeros<float>(NK));
  CUAD_GRAD(CUAD_LAUNCH(eval_curve_grad, 1, 32, d_v.ptr, d_k.ptr, d_w.ptr, g_v.ptr, g_k.ptr, n));
  check.array("v", g_v.get(), fd(v, loss));
  check.array("knots", g_k.get(), fd(knots, loss));
#else
  const int n = 50;
  std::vector<float> img(3 * n);
  for (int i = 0; i < n; ++i) {
    // keep the luminance away from the knot positions
    for (;;) {
      for (int c = 0; c < 3; ++c) img[3 * i + c] = (float)rng.uniform(0.05, 0.95);
      const double l = 0.299 * img[3 * i] + 0.587 * img[3 * i + 1] + 0.114 * img[3 * i + 2];
      if (std::fabs(l * NK - std::round(l * NK)) > 0.08) break;
    }
  }
  const std::vector<float> w = rng.vec<float>(3 * n);
  auto loss = [&] {
    DeviceArray<float> d_i(img), d_k(knots), d_o(zeros<float>(3 * n));
    CUAD_LAUNCH(apply_tone, 2, 32, d_i.ptr, d_k.ptr, n, d_o.ptr);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_i(img), d_k(knots), d_o(zeros<float>(3 * n)), g_i(zeros<float>(3 * n)), g_k(zeros<float>(NK)),
      g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(apply_tone_grad_0_1_3, 2, 32, d_i.ptr, d_k.ptr, n, d_o.ptr, g_i.ptr, g_k.ptr, g_o.ptr));
  check.array("img", g_i.get(), fd(img, loss));
  check.array("knots", g_k.get(), fd(knots, loss));
  check.array("out", g_o.get(), zeros<double>(3 * n));
#endif
  return check.finish();
}
