#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_host_mlp");
  const int B = 3, IN = 5, HID = 7, OUT = 4;
  Rng rng(216);
  std::vector<float> x = rng.vec<float>(B * IN), W1 = rng.vec<float>(HID * IN),
                     b1 = rng.vec<float>(HID), W2 = rng.vec<float>(OUT * HID),
                     out = rng.vec<float>(B * OUT), w = rng.vec<float>(B * OUT);
  auto loss = [&] {
    std::vector<float> o = out;
    mlp_forward(o.data(), x.data(), W1.data(), b1.data(), W2.data(), B, IN, HID, OUT);
    return dot(w, o);
  };
  std::vector<float> o = out, a_o = w, a_x(x.size(), 0.f), a_W1(W1.size(), 0.f), a_b1(HID, 0.f),
                     a_W2(W2.size(), 0.f);
  CUAD_GRAD(mlp_forward_grad_0_1_2_3_4(o.data(), x.data(), W1.data(), b1.data(), W2.data(), B, IN,
                                       HID, OUT, a_o.data(), a_x.data(), a_W1.data(), a_b1.data(),
                                       a_W2.data()));
  check.array("out", a_o, fd(out, loss));
  check.array("x", a_x, fd(x, loss));
  check.array("W1", a_W1, fd(W1, loss));
  check.array("b1", a_b1, fd(b1, loss));
  check.array("W2", a_W2, fd(W2, loss));
  return check.finish();
}
