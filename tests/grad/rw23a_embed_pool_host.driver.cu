#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_embed_pool_host");
  Rng rng(23505);
  const int B = 2, T = 5, C = 12, V = 6;
  const float penalty = 0.8f;
  std::vector<int> tokens = {3, 1, 3, 0, 5, 1, 1, 2, 3, 3};  // token 4 unused, 1 and 3 repeated
  std::vector<float> wte = rng.vec<float>(V * C), wpe = rng.vec<float>(T * C, -0.5, 0.5);
  const std::vector<float> wo = rng.vec<float>(B * T * C);
  auto loss = [&] {
    std::vector<float> o(B * T * C, 0.0f);
    const float l = embed_and_pool(tokens.data(), wte.data(), wpe.data(), o.data(), B, T, C, V, penalty);
    return (double)l + dot(wo, o);
  };
  std::vector<float> o(B * T * C, 0.0f), g_wte(V * C, 0.0f), g_wpe(T * C, 0.0f), g_o = wo;
  CUAD_GRAD(embed_and_pool_grad_1_2_3(tokens.data(), wte.data(), wpe.data(), o.data(), B, T, C, V, penalty,
                                      g_wte.data(), g_wpe.data(), g_o.data()));
  check.array("wte", g_wte, fd(wte, loss));
  check.array("wpe", g_wpe, fd(wpe, loss));
  check.array("out", g_o, zeros<double>(B * T * C));
  return check.finish();
}
