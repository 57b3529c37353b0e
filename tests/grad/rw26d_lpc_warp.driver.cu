#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_lpc_warp");
  Rng rng(26406);
  const unsigned nf = 3, flen = 40, hop = 24, len = (nf - 1) * hop + flen;
  // an AR(2) resonance plus noise, so the predictor is well conditioned
  std::vector<float> sig(len), win(flen);
  double y1 = 0, y2 = 0;
  for (unsigned i = 0; i < len; ++i) {
    const double y = 1.2 * y1 - 0.6 * y2 + rng.uniform(-1, 1);
    sig[i] = (float)y;
    y2 = y1;
    y1 = y;
  }
  for (unsigned i = 0; i < flen; ++i) win[i] = (float)(0.54 - 0.46 * std::cos(2 * M_PI * (i + 0.5) / flen));
  auto run = [&](std::vector<float>& l, std::vector<float>& g) {
    DeviceArray<float> d_s(sig), d_w(win), d_l(zeros<float>(nf * ORDER)), d_g(zeros<float>(nf));
    CUAD_LAUNCH(lpc_frames, nf, 32, d_s.ptr, d_w.ptr, flen, hop, d_l.ptr, d_g.ptr);
    l = d_l.get();
    g = d_g.get();
  };
  const std::vector<float> wl = rng.vec<float>(nf * ORDER), wg = rng.vec<float>(nf);
  auto loss = [&] {
    std::vector<float> l, g;
    run(l, g);
    return dot(wl, l) + dot(wg, g);
  };
  DeviceArray<float> d_s(sig), d_w(win), d_l(zeros<float>(nf * ORDER)), d_g(zeros<float>(nf)),
      g_s(zeros<float>(len)), g_w(zeros<float>(flen)), g_l(wl), g_g(wg);
  CUAD_GRAD(CUAD_LAUNCH(lpc_frames_grad_0_1_4_5, nf, 32, d_s.ptr, d_w.ptr, flen, hop, d_l.ptr, d_g.ptr, g_s.ptr,
                        g_w.ptr, g_l.ptr, g_g.ptr));
  check.array("sig", g_s.get(), fd(sig, loss));
  check.array("win", g_w.get(), fd(win, loss));
  check.array("lpc", g_l.get(), zeros<double>(nf * ORDER));
  check.array("gain", g_g.get(), zeros<double>(nf));
  return check.finish();
}
