#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_managed_hd");
  const int n = 70;
  Rng rng(409);
  std::vector<float> x = rng.vec<float>(n, -1.5, 1.5), out = rng.vec<float>(n), w = rng.vec<float>(n);
  float k = 0.7f;
  auto loss = [&] {
    std::vector<float> o = out;
    run_managed(o.data(), x.data(), k, n);
    return dot(w, o);
  };
  std::vector<float> o = out, a_out = w, a_x(n, 0.0f);
  float a_k = 0.0f;
  CUAD_GRAD(run_managed_grad_0_1_2(o.data(), x.data(), k, n, a_out.data(), a_x.data(), &a_k));
  check.array("out", a_out, fd(out, loss));
  check.array("x", a_x, fd(x, loss));
  check.scalar("k", a_k, fd(k, loss));
  return check.finish();
}
