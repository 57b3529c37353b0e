#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_dft_sincos");
  Rng rng(23608);
#if CUAD_OUTPUT == 1
  std::vector<double> x = rng.vec<double>(NFFT, -1.0, 1.0);
  const std::vector<double> w = rng.vec<double>(NBIN);
  auto loss = [&] {
    std::vector<double> s(NBIN);
    log_power_spectrum(x.data(), s.data());
    return dot(w, s);
  };
  std::vector<double> s(NBIN, 0.0), g_x(NFFT, 0.0), g_s = w;
  CUAD_GRAD(log_power_spectrum_grad(x.data(), s.data(), g_x.data(), g_s.data()));
  check.array("x", g_x, fd(x, loss));
  check.array("spec", g_s, zeros<double>(NBIN));
#else
  const int n = 45, hop = 4, n_frames = (n - NFFT) / hop + 2;  // last frame runs past the end
  std::vector<double> sig = rng.vec<double>(n, -1.0, 1.0), win(NFFT);
  for (int j = 0; j < NFFT; ++j) win[j] = 0.5 - 0.45 * std::cos(2 * M_PI * (j + 0.5) / NFFT);
  const std::vector<double> w = rng.vec<double>(n_frames * NBIN);
  auto run = [&]() {
    DeviceArray<double> d_s(sig), d_w(win), d_o(zeros<double>(n_frames * NBIN));
    CUAD_LAUNCH(stft_frames, 1, 32, d_s.ptr, n, hop, d_w.ptr, d_o.ptr, n_frames);
    return d_o.get();
  };
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<double> d_s(sig), d_w(win), d_o(zeros<double>(n_frames * NBIN)), g_s(zeros<double>(n)),
      g_w(zeros<double>(NFFT)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(stft_frames_grad_0_3_4, 1, 32, d_s.ptr, n, hop, d_w.ptr, d_o.ptr, n_frames,
                        g_s.ptr, g_w.ptr, g_o.ptr));
  check.array("signal", g_s.get(), fd(sig, loss));
  check.array("window", g_w.get(), fd(win, loss));
  check.array("spec", g_o.get(), zeros<double>(n_frames * NBIN));
#endif
  return check.finish();
}
