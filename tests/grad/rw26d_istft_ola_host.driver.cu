#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_istft_ola_host");
  Rng rng(26412);
  const int nf = 5, n_fft = 16, hop = 6, n_out = (nf - 1) * hop + n_fft;
  std::vector<double> frames = rng.vec<double>(nf * n_fft, -1, 1), win(n_fft), target = rng.vec<double>(n_out, -1, 1);
  for (int i = 0; i < n_fft; ++i) win[i] = 0.1 + std::sin(M_PI * (i + 0.5) / n_fft);
  const std::vector<double> wr = rng.vec<double>(n_out);
  auto loss = [&] {
    std::vector<double> rec(n_out, 0.0);
    const double l = istft_loss(frames.data(), win.data(), target.data(), rec.data(), nf, n_fft, hop);
    return l + dot(wr, rec);
  };
  std::vector<double> rec(n_out, 0.0), g_f(nf * n_fft, 0.0), g_w(n_fft, 0.0), g_t(n_out, 0.0), g_r = wr;
  CUAD_GRAD(istft_loss_grad_0_1_2_3(frames.data(), win.data(), target.data(), rec.data(), nf, n_fft, hop, g_f.data(),
                                  g_w.data(), g_t.data(),
                                    g_r.data()));
  check.array("frames", g_f, fd(frames, loss));
  check.array("win", g_w, fd(win, loss));
  check.array("target", g_t, fd(target, loss));
  check.array("recon", g_r, zeros<double>(n_out));  // only written
  return check.finish();
}
