#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_fft_smem_cplx");
  Rng rng(26402);
  const int n_frames = 4, hop = 6, len = (n_frames - 1) * hop + FFT_N, nb = FFT_N / 2 + 1;
  std::vector<double> x = rng.vec<double>(len, -1.0, 1.0), win(FFT_N);
  for (int i = 0; i < FFT_N; ++i) win[i] = 0.54 - 0.46 * std::cos(2 * M_PI * i / (FFT_N - 1)) + 0.05 * rng.uniform(-1, 1);
  auto run = [&](const std::vector<double>& xx, const std::vector<double>& ww) {
    DeviceArray<double> d_x(xx), d_w(ww), d_p(zeros<double>(n_frames * nb));
    CUAD_LAUNCH(fft_power, n_frames, FFT_N / 2, d_x.ptr, d_w.ptr, d_p.ptr, n_frames, hop);
    return d_p.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(n_frames * nb);
  auto loss = [&] { return dot(w, run(x, win)); };
  DeviceArray<double> d_x(x), d_w(win), d_p(zeros<double>(n_frames * nb)), g_x(zeros<double>(len)),
      g_w(zeros<double>(FFT_N)), g_p(w);
  CUAD_GRAD(CUAD_LAUNCH(fft_power_grad_0_1_2, n_frames, FFT_N / 2, d_x.ptr, d_w.ptr, d_p.ptr, n_frames, hop,
                        g_x.ptr, g_w.ptr, g_p.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("win", g_w.get(), fd(win, loss));
  check.array("power", g_p.get(), zeros<double>(n_frames * nb));
#else
  const std::vector<double> vx = rng.vec<double>(len), vw = rng.vec<double>(FFT_N), vp = rng.vec<double>(n_frames * nb);
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(win, t, vw)); };
  DeviceArray<double> d_x(x), d_w(win), d_p(zeros<double>(n_frames * nb)), t_x(vx), t_w(vw), t_p(vp);
  CUAD_GRAD(CUAD_LAUNCH(fft_power_pushforward, n_frames, FFT_N / 2, d_x.ptr, d_w.ptr, d_p.ptr, n_frames, hop,
                        t_x.ptr, t_w.ptr, t_p.ptr));
  check.array("power tangent", t_p.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("power value", d_p.get(), run(x, win));
#endif
#endif
  return check.finish();
}
