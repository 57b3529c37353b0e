#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_linear_steps");
  const int n = 70, steps = 5;
  Rng rng(41);
  std::vector<float> u = rng.vec<float>(n), w = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  auto run = [&](float* x) { diffuse(x, n, steps); };
#else
  auto run = [&](float* x) { diffuse_then_square(x, n, steps); };
#endif
  auto loss = [&] {
    std::vector<float> state = u;
    run(state.data());
    return dot(w, state);
  };
  std::vector<float> state = u, a_u = w;
#if CUAD_OUTPUT == 1
  CUAD_GRAD(diffuse_grad_0(state.data(), n, steps, a_u.data()));
#else
  CUAD_GRAD(diffuse_then_square_grad_0(state.data(), n, steps, a_u.data()));
#endif
  check.array("u", a_u, fd(u, loss));
  return check.finish();
}
