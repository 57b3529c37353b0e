#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_adamw_lookahead");
  Rng rng(23606);
  const int n = 90, step = 3;  // two blocks, the second partial
  const float grad_scale = 0.5f;
  std::vector<float> p = rng.vec<float>(n), g = rng.vec<float>(n, -2.0, 2.0), m = rng.vec<float>(n, -0.3, 0.3),
                     v = rng.vec<float>(n, 0.05, 0.4), tgt = rng.vec<float>(n), wt = rng.vec<float>(n, 0.5, 1.5);
  AdamWConfig cfg{0.05f, 0.9f, 0.95f, 1e-3f, 0.1f};
  const std::vector<float> wp = rng.vec<float>(n), wm = rng.vec<float>(n), wv = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> pc = p, mc = m, vc = v;
    const float l = adamw_then_loss(pc.data(), g.data(), mc.data(), vc.data(), tgt.data(), wt.data(), n, step, cfg,
                                    grad_scale);
    return (double)l + dot(wp, pc) + dot(wm, mc) + dot(wv, vc);
  };
  std::vector<float> pc = p, mc = m, vc = v, gp = wp, gg(n, 0.0f), gm = wm, gv = wv;
  AdamWConfig gcfg{0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  CUAD_GRAD(adamw_then_loss_grad_0_1_2_3_8(pc.data(), g.data(), mc.data(), vc.data(), tgt.data(), wt.data(), n, step,
                                           cfg, grad_scale, gp.data(), gg.data(), gm.data(), gv.data(), &gcfg));
  check.array("params", gp, fd(p, loss));
  check.array("grads", gg, fd(g, loss));
  check.array("m", gm, fd(m, loss));
  check.array("v", gv, fd(v, loss));
  check.scalar("cfg.lr", gcfg.lr, fd(cfg.lr, loss));
  check.scalar("cfg.beta1", gcfg.beta1, fd(cfg.beta1, loss));
  check.scalar("cfg.beta2", gcfg.beta2, fd(cfg.beta2, loss));
  check.scalar("cfg.eps", gcfg.eps, fd(cfg.eps, loss));
  check.scalar("cfg.weight_decay", gcfg.weight_decay, fd(cfg.weight_decay, loss));
  return check.finish();
}
