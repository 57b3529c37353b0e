#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_tiny_gpt_slab");
  Rng rng(23212);
  const int B = 2, T = 4, C = 6, V = 5;
  const int np = V * C + T * C + C + C;
  std::vector<float> params = rng.vec<float>(np, -0.8, 0.8);
  for (int c = 0; c < C; ++c) params[V * C + T * C + c] = (float)rng.uniform(0.7, 1.3);  // lnfw near 1
  std::vector<int> tokens = {1, 4, 1, 2, 0, 0, 3, 1}, targets = {4, 1, 2, 2, 0, 3, 1, 3};
  auto loss = [&] { return (double)tiny_gpt_loss(params.data(), tokens.data(), targets.data(), B, T, C, V); };
  std::vector<float> gp(np, 0.0f);
  CUAD_GRAD(tiny_gpt_loss_grad_0(params.data(), tokens.data(), targets.data(), B, T, C, V, gp.data()));
  check.array("params", gp, fd(params, loss));
  return check.finish();
}
