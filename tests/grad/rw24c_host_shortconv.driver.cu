#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_host_shortconv");
  Rng rng(24316);
  const int T = 9, C = 5, L = 3, n = T * C;
  std::vector<float> x = rng.vec<float>(n), w = rng.vec<float>(L * C * KW, -0.6, 0.6), b = rng.vec<float>(L * C, -0.3, 0.3),
                     g = rng.vec<float>(L * C, 0.2, 1.0);
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& wv, const std::vector<float>& bv,
                 const std::vector<float>& gv) {
    std::vector<float> xo = xv;
    short_conv_stack(xo.data(), wv.data(), bv.data(), gv.data(), T, C, L);
    return xo;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(n);
  auto loss = [&] { return dot(wo, run(x, w, b, g)); };
  std::vector<float> xc = x, gx = wo, gw(w.size(), 0.f), gb(b.size(), 0.f), gg(g.size(), 0.f);
  CUAD_GRAD(short_conv_stack_grad_0_1_2_3(xc.data(), w.data(), b.data(), g.data(), T, C, L, gx.data(), gw.data(),
                                          gb.data(), gg.data()));
  check.array("x", gx, fd(x, loss));
  check.array("conv_w", gw, fd(w, loss));
  check.array("conv_b", gb, fd(b, loss));
  check.array("gate_w", gg, fd(g, loss));
#else
  const std::vector<float> vx = rng.vec<float>(n), vw = rng.vec<float>(w.size()), vb = rng.vec<float>(b.size()),
                           vg = rng.vec<float>(g.size());
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(x, t, vx), along(w, t, vw), along(b, t, vb), along(g, t, vg)));
  };
  std::vector<float> xc = x, tx = vx;
  CUAD_GRAD(short_conv_stack_pushforward(xc.data(), w.data(), b.data(), g.data(), T, C, L, tx.data(), vw.data(),
                                         vb.data(), vg.data()));
  check.array("x tangent", as_doubles(tx), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("x value", xc, as_doubles(run(x, w, b, g)));
#endif
#endif
  return check.finish();
}
