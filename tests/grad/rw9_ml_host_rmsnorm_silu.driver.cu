#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_host_rmsnorm_silu");
  const int rows = 4, C = 100, n = rows * C;
  Rng rng(9107);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), weight = rng.vec<float>(C, 0.5, 1.5),
                     out = rng.vec<float>(n);
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> o = out;
    rmsnorm_silu(o.data(), x.data(), weight.data(), rows, C);
    return dot(w, o);
  };
  std::vector<float> o = out, a_o = w, a_x(n, 0.f), a_w(C, 0.f);
  CUAD_GRAD(rmsnorm_silu_grad_0_1_2(o.data(), x.data(), weight.data(), rows, C, a_o.data(), a_x.data(),
                                    a_w.data()));
  check.array("out", a_o, fd(out, loss));
  check.array("x", a_x, fd(x, loss));
  check.array("weight", a_w, fd(weight, loss));
  return check.finish();
}
