#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_host_block");
  Rng rng(24305);
  const int T = 5, C = 12, vocab = 7;
  std::vector<int> tokens = {2, 5, 2, 0, 6};
  std::vector<float> wte = rng.vec<float>(vocab * C, -0.3, 0.3), wpe = rng.vec<float>(T * C, -0.5, 0.5),
                     g = rng.vec<float>(C, 0.7, 1.3), wq = rng.vec<float>(3 * C * C, -0.4, 0.4),
                     out0 = rng.vec<float>(T * C);
  const std::vector<float> w = rng.vec<float>(T * C);
  auto loss = [&] {
    std::vector<float> o = out0;
    attn_block_forward(tokens.data(), wte.data(), wpe.data(), g.data(), wq.data(), o.data(), T, C, vocab);
    return dot(w, o);
  };
  std::vector<float> o = out0, gwte(vocab * C, 0.f), gwpe(T * C, 0.f), gg(C, 0.f), gwq(3 * C * C, 0.f), gout = w;
  CUAD_GRAD(attn_block_forward_grad_1_2_3_4_5(tokens.data(), wte.data(), wpe.data(), g.data(), wq.data(),
                                              o.data(), T, C, vocab, gwte.data(), gwpe.data(), gg.data(),
                                              gwq.data(), gout.data()));
  check.array("wte", gwte, fd(wte, loss));
  check.array("wpe", gwpe, fd(wpe, loss));
  check.array("ln_g", gg, fd(g, loss));
  check.array("w_qkv", gwq, fd(wq, loss));
  check.array("out", gout, zeros<double>(T * C));
  return check.finish();
}
