#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_iir_ushort");
  Rng rng(23607);
  const int W = 14, H = 37;  // two blocks of 32 rows, the second partial
  std::vector<unsigned short> raw(W * H);
  for (auto& r : raw) r = (unsigned short)(64 + (int)rng.uniform(0.0, 4000.0));
  float gain = 1.7f, b0 = 0.35f, a1 = 0.6f;
  auto run = [&](float g, float b, float a) {
    DeviceArray<unsigned short> d_raw(raw);
    DeviceArray<float> d_out(zeros<float>(W * H));
    CUAD_LAUNCH(iir_smooth_rows, 2, 32, d_raw.ptr, W, H, g, b, a, d_out.ptr);
    return d_out.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(W * H);
  auto loss = [&] { return dot(w, run(gain, b0, a1)); };
  DeviceArray<unsigned short> d_raw(raw);
  DeviceArray<float> d_out(zeros<float>(W * H)), g_out(w);
  DeviceScalar<float> g_gain(0.0f), g_b0(0.0f), g_a1(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(iir_smooth_rows_grad_3_4_5_6, 2, 32, d_raw.ptr, W, H, gain, b0, a1, d_out.ptr,
                        g_gain.ptr, g_b0.ptr, g_a1.ptr, g_out.ptr));
  check.scalar("gain", g_gain.value(), fd(gain, loss));
  check.scalar("b0", g_b0.value(), fd(b0, loss));
  check.scalar("a1", g_a1.value(), fd(a1, loss));
  check.array("out", g_out.get(), zeros<double>(W * H));
#else
  const float vg = 0.3f, vb = -0.2f, va = 0.1f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(gain, t, vg), along(b0, t, vb), along(a1, t, va)));
  };
  DeviceArray<unsigned short> d_raw(raw);
  DeviceArray<float> d_out(zeros<float>(W * H)), t_out(zeros<float>(W * H));
  CUAD_GRAD(CUAD_LAUNCH(iir_smooth_rows_pushforward, 2, 32, d_raw.ptr, W, H, gain, b0, a1, d_out.ptr,
                        vg, vb, va, t_out.ptr));
  check.array("out tangent", as_doubles(t_out.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
