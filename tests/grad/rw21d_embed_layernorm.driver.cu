#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_embed_layernorm");
  Rng rng(21401);
  GPT2Config cfg{2, 4, 20, 5};
  const int B = cfg.B, T = cfg.T, C = cfg.C, V = cfg.V;
  // token 3 appears three times, token 0 twice, token 4 never
  std::vector<int> tokens = {3, 1, 0, 3, 2, 3, 0, 1};
  std::vector<float> wte = rng.vec<float>(V * C), wpe = rng.vec<float>(T * C, -0.5, 0.5),
                     ln_w = rng.vec<float>(C, 0.5, 1.5), ln_b = rng.vec<float>(C, -0.2, 0.2),
                     out = zeros<float>(B * T * C), w = rng.vec<float>(B * T * C);
  auto loss = [&] {
    std::vector<float> o(B * T * C);
    embed_layernorm(o.data(), tokens.data(), wte.data(), wpe.data(), ln_w.data(), ln_b.data(),
                    cfg);
    return dot(w, o);
  };
  std::vector<float> a_out = w, a_wte = zeros<float>(V * C), a_wpe = zeros<float>(T * C),
                     a_lnw = zeros<float>(C), a_lnb = zeros<float>(C);
  CUAD_GRAD(embed_layernorm_grad_0_2_3_4_5(out.data(), tokens.data(), wte.data(), wpe.data(),
                                           ln_w.data(), ln_b.data(), cfg, a_out.data(),
                                           a_wte.data(), a_wpe.data(), a_lnw.data(),
                                           a_lnb.data()));
  check.array("wte", a_wte, fd(wte, loss));
  check.array("wpe", a_wpe, fd(wpe, loss));
  check.array("ln_w", a_lnw, fd(ln_w, loss));
  check.array("ln_b", a_lnb, fd(ln_b, loss));
  check.array("out", a_out, fd(out, loss));
  return check.finish();
}
