#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
using namespace dsp;

static Config mk(const std::vector<double>& p, Boundary bc) {
  Config c;
  for (int t = 0; t < 5; ++t) c.fir.taps[t] = p[t];
  c.clip.gain = p[5];
  c.clip.knee = p[6];
  c.bc = bc;
  return c;
}
static std::vector<double> flat(const Config& c) {
  return {c.fir.taps[0], c.fir.taps[1], c.fir.taps[2], c.fir.taps[3], c.fir.taps[4], c.clip.gain, c.clip.knee};
}

int main() {
  Checker check("rw23c_host_config_functor");
  Rng rng(23316);
  const int n = 45;
  std::vector<double> sig = rng.vec(n, -1.5, 1.5), out0 = rng.vec(n);
  std::vector<double> prm = {0.1, 0.25, 0.4, 0.2, 0.05, 1.3, 0.9};
  const Boundary modes[3] = {Boundary::Clamp, Boundary::Reflect, Boundary::Zero};
  for (int m = 0; m < 3; ++m) {
    const Boundary bc = modes[m];
    const std::vector<double> w = rng.vec(n);
    auto loss = [&] {
      std::vector<double> o = out0;
      const double s = smooth_and_score(sig.data(), mk(prm, bc), o.data(), n);
      return s + dot(w, o);
    };
    std::vector<double> o = out0, gs(n, 0.0), gout = w;
    Config gc = mk(zeros<double>(7), bc);
    CUAD_GRAD(smooth_and_score_grad_0_1_2(sig.data(), mk(prm, bc), o.data(), n, gs.data(), &gc, gout.data()));
    const std::string tag = "bc" + std::to_string(m) + " ";
    check.array(tag + "signal", gs, fd(sig, loss));
    check.array(tag + "cfg", flat(gc), fd(prm, loss));
    check.array(tag + "out (only written)", gout, zeros<double>(n));
  }
  return check.finish();
}
