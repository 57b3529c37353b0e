#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_gpt2_mlp_block");
  Rng rng(21402);
  const int B = 2, T = 3, C = 4, OC = 4 * C;
  const int nparams = 2 * C + OC * C + OC + C * OC + C;  // 156
  std::vector<float> x = rng.vec<float>(B * T * C), w = rng.vec<float>(B * T * C);
  std::vector<float> params(nparams);
  {
    int p = 0;
    for (int i = 0; i < C; ++i) params[p++] = (float)rng.uniform(0.7, 1.3);    // ln w
    for (int i = 0; i < C; ++i) params[p++] = (float)rng.uniform(-0.1, 0.1);   // ln b
    for (int i = 0; i < OC * C; ++i) params[p++] = (float)rng.uniform(-0.5, 0.5);
    for (int i = 0; i < OC; ++i) params[p++] = (float)rng.uniform(-0.2, 0.2);
    for (int i = 0; i < C * OC; ++i) params[p++] = (float)rng.uniform(-0.3, 0.3);
    for (int i = 0; i < C; ++i) params[p++] = (float)rng.uniform(-0.2, 0.2);
  }
  auto loss = [&] {
    std::vector<float> xo = x;
    gpt2_mlp_block(xo.data(), params.data(), B, T, C);
    return dot(w, xo);
  };
  std::vector<float> xg = x, a_x = w, a_params = zeros<float>(nparams);
  CUAD_GRAD(gpt2_mlp_block_grad_0_1(xg.data(), params.data(), B, T, C, a_x.data(),
                                    a_params.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("params", a_params, fd(params, loss));
  return check.finish();
}
