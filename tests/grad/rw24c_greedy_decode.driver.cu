#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_greedy_decode");
  Rng rng(24307);
  const int V = 11, C = 8, n_steps = 5;
  const int prompt[1] = {3};
  std::vector<float> wte = rng.vec<float>(V * C, -1.0, 1.0), wpe = rng.vec<float>(n_steps * C, -0.5, 0.5),
                     wq = rng.vec<float>(3 * C * C, -0.6, 0.6);
  std::vector<int> ref(n_steps + 1), toks(n_steps + 1);
  greedy_generate(prompt, wte.data(), wpe.data(), wq.data(), ref.data(), n_steps, V, C);
  std::printf("tokens:");
  for (int t : ref) std::printf(" %d", t);
  std::printf("\n");
  int flips = 0;
  auto loss = [&] {
    const float lp = greedy_generate(prompt, wte.data(), wpe.data(), wq.data(), toks.data(), n_steps, V, C);
    flips += toks != ref;
    return (double)lp;
  };
  std::vector<float> gwte(V * C, 0.f), gwpe(n_steps * C, 0.f), gwq(3 * C * C, 0.f);
  CUAD_GRAD(greedy_generate_grad_1_2_3(prompt, wte.data(), wpe.data(), wq.data(), toks.data(), n_steps, V, C,
                                       gwte.data(), gwpe.data(), gwq.data()));
  check.array("wte", gwte, fd(wte, loss));
  check.array("wpe", gwpe, fd(wpe, loss));
  check.array("w_qkv", gwq, fd(wq, loss));
  check.expect(flips == 0, "no argmax changes under the finite differences");
  return check.finish();
}
