#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_linear_mixed");
  const int B = 5, IN = 7, OUT = 6;
  const dim3 grid(2, 2), block(4, 4);
  Rng rng(214);
  std::vector<float> x = rng.vec<float>(B * IN), W = rng.vec<float>(OUT * IN), b = rng.vec<float>(OUT),
                     y = rng.vec<float>(B * OUT), w = rng.vec<float>(B * OUT);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x), d_W(W), d_b(b);
    CUAD_LAUNCH(linear_fwd, grid, block, d_y.ptr, d_x.ptr, d_W.ptr, d_b.ptr, B, IN, OUT);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_W(W), d_b(b), a_y(w), a_x(zeros<float>(B * IN)), a_W(zeros<float>(OUT * IN)),
      a_b(zeros<float>(OUT));
  CUAD_GRAD(CUAD_LAUNCH(linear_fwd_grad_0_1_2_3, grid, block, d_y.ptr, d_x.ptr, d_W.ptr, d_b.ptr, B, IN, OUT, a_y.ptr,
                        a_x.ptr, a_W.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("W", a_W.get(), fd(W, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
