#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_ln_struct_welford");
  constexpr int BLOCK = 64, ITEMS = 2;
  const int rows = 3, C = BLOCK * ITEMS * 4, n = rows * C;
  Rng rng(9111);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), gamma = rng.vec<float>(C, 0.5, 1.5),
                     beta = rng.vec<float>(C), y = rng.vec<float>(n);
  const std::vector<float> w = rng.vec<float>(n);
  const float eps = 1e-5f;
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x), d_g(gamma), d_b(beta);
    CUAD_LAUNCH((layernorm_items<BLOCK, ITEMS>), rows, BLOCK, d_y.ptr, d_x.ptr, d_g.ptr, d_b.ptr, C, eps);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_g(gamma), d_b(beta), a_y(w), a_x(zeros<float>(n)),
      a_g(zeros<float>(C)), a_b(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH((layernorm_items_grad_0_1_2_3<BLOCK, ITEMS>), rows, BLOCK, d_y.ptr, d_x.ptr, d_g.ptr,
                        d_b.ptr, C, eps, a_y.ptr, a_x.ptr, a_g.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  return check.finish();
}
