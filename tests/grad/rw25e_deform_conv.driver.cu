#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// A value whose fractional part is at least 0.06 away from 0 and 1 (the tap switches).
static float off_integer(Rng& rng, double lo, double hi) {
  for (;;) {
    const double v = rng.uniform(lo, hi);
    if (std::fabs(v - std::round(v)) > 0.06) return (float)v;
  }
}

int main() {
  Checker check("rw25e_deform_conv");
  Rng rng(25502);
#if CUAD_OUTPUT == 1
  const int K = 3;
  const ConvGeom g{2, 2, 5, 5, 5, 5, 1, 1, 1};
  const int plane = g.Ho * g.Wo, n_in = g.Cin * g.H * g.W, n_off = 2 * K * K * plane,
            n_mask = K * K * plane, n_w = g.Cout * g.Cin * K * K, n_out = g.Cout * plane;
  std::vector<float> input = rng.vec<float>(n_in), offset(n_off), mask = rng.vec<float>(n_mask, -2.0, 2.0),
                     weight = rng.vec<float>(n_w), bias = rng.vec<float>(g.Cout);
  for (auto& o : offset) o = off_integer(rng, -1.7, 1.7);
  const std::vector<float> w = rng.vec<float>(n_out);
  auto run = [&](const std::vector<float>& in, const std::vector<float>& off, const std::vector<float>& m,
                 const std::vector<float>& wt, const std::vector<float>& b) {
    DeviceArray<float> d_in(in), d_off(off), d_m(m), d_w(wt), d_b(b), d_out(zeros<float>(n_out));
    CUAD_LAUNCH(modulated_deform_conv2d<K>, 2, 32, d_in.ptr, d_off.ptr, d_m.ptr, d_w.ptr, d_b.ptr, g,
                d_out.ptr);
    return d_out.get();
  };
  auto loss = [&] { return dot(w, run(input, offset, mask, weight, bias)); };
  DeviceArray<float> d_in(input), d_off(offset), d_m(mask), d_w(weight), d_b(bias), d_out(zeros<float>(n_out)),
      a_in(zeros<float>(n_in)), a_off(zeros<float>(n_off)), a_m(zeros<float>(n_mask)), a_w(zeros<float>(n_w)),
      a_b(zeros<float>(g.Cout)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(modulated_deform_conv2d_grad_0_1_2_3_4_6<K>, 2, 32, d_in.ptr, d_off.ptr, d_m.ptr, d_w.ptr,
                        d_b.ptr, g, d_out.ptr, a_in.ptr, a_off.ptr, a_m.ptr, a_w.ptr, a_b.ptr, a_out.ptr));
  check.array("input", a_in.get(), fd(input, loss));
  check.array("offset", a_off.get(), fd(offset, loss));
  check.array("mask_logit", a_m.get(), fd(mask, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("out", a_out.get(), zeros<double>(n_out));
#else
  const int H = 4, W = 5;
  std::vector<float> data = rng.vec<float>(H * W);
  for (int k = 0; k < 8; ++k) {
    // points inside, and points whose corners hang over every edge
    float h = off_integer(rng, -0.9, H - 0.1), w = off_integer(rng, -0.9, W - 0.1);
    if (k == 0) h = -0.4f;
    if (k == 1) w = W - 0.3f;
    if (k == 2) h = H - 0.6f, w = -0.7f;
    auto loss = [&] { return (double)dmcn_bilinear(data.data(), H, W, h, w); };
    std::vector<float> g_data(H * W, 0.0f);
    float g_h = 0.0f, g_w = 0.0f;
    CUAD_GRAD(dmcn_bilinear_grad_0_3_4(data.data(), H, W, h, w, g_data.data(), &g_h, &g_w));
    check.array(at("data", k), g_data, fd(data, loss));
    check.scalar(at("h", k), g_h, fd(h, loss));
    check.scalar(at("w", k), g_w, fd(w, loss));
  }
#endif
  return check.finish();
}
