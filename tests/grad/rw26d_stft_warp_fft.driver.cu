#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_stft_warp_fft");
  Rng rng(26417);
  const int nf = 5, hop = 12, len = (nf - 1) * hop + NFFT;
  std::vector<float> sig = rng.vec<float>(len, -1, 1), win(NFFT);
  for (int i = 0; i < NFFT; ++i) win[i] = (float)(0.5 - 0.5 * std::cos(2 * M_PI * (i + 0.5) / NFFT));
  auto run = [&](const std::vector<float>& s, const std::vector<float>& w) {
    DeviceArray<float> d_s(s), d_w(w), d_m(zeros<float>(nf * NBINS));
    CUAD_LAUNCH(stft_mag, 3, 64, d_s.ptr, d_w.ptr, nf, hop, d_m.ptr);
    return d_m.get();
  };
  {  // the primal against a direct DFT
    const std::vector<float> m = run(sig, win);
    double worst = 0;
    for (int f = 0; f < nf; ++f)
      for (int k = 0; k < NBINS; ++k) {
        double re = 0, im = 0;
        for (int i = 0; i < NFFT; ++i) {
          const double v = sig[f * hop + i] * win[i];
          re += v * std::cos(2 * M_PI * i * k / NFFT);
          im -= v * std::sin(2 * M_PI * i * k / NFFT);
        }
        worst = std::fmax(worst, std::fabs(std::sqrt(re * re + im * im + 1e-4) - m[f * NBINS + k]));
      }
    check.expect(worst < 1e-4, "warp FFT matches the DFT");
  }
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(nf * NBINS);
  auto loss = [&] { return dot(w, run(sig, win)); };
  DeviceArray<float> d_s(sig), d_w(win), d_m(zeros<float>(nf * NBINS)), g_s(zeros<float>(len)),
      g_w(zeros<float>(NFFT)), g_m(w);
  CUAD_GRAD(CUAD_LAUNCH(stft_mag_grad_0_1_4, 3, 64, d_s.ptr, d_w.ptr, nf, hop, d_m.ptr, g_s.ptr, g_w.ptr, g_m.ptr));
  check.array("sig", g_s.get(), fd(sig, loss));
  check.array("win", g_w.get(), fd(win, loss));
  check.array("mag", g_m.get(), zeros<double>(nf * NBINS));
#else
  const std::vector<float> vs = rng.vec<float>(len), vw = rng.vec<float>(NFFT), vm = rng.vec<float>(nf * NBINS);
  auto outputs_at = [&](double t) { return as_doubles(run(along(sig, t, vs), along(win, t, vw))); };
  DeviceArray<float> d_s(sig), d_w(win), d_m(zeros<float>(nf * NBINS)), t_s(vs), t_w(vw), t_m(vm);
  CUAD_GRAD(CUAD_LAUNCH(stft_mag_pushforward, 3, 64, d_s.ptr, d_w.ptr, nf, hop, d_m.ptr, t_s.ptr, t_w.ptr, t_m.ptr));
  check.array("mag tangent", as_doubles(t_m.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
