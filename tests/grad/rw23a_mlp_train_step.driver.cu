#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_mlp_train_step");
  Rng rng(23909);
  const int B = 5, D = 6, H = 10, V = 7;  // V odd: the last thread of layer 2 has one output
  std::vector<float> x = rng.vec<float>(B * D), W1 = rng.vec<float>(H * D, -0.7, 0.7), b1 = rng.vec<float>(H, -0.2, 0.2),
                     W2 = rng.vec<float>(V * H, -0.7, 0.7), b2 = rng.vec<float>(V, -0.2, 0.2);
  std::vector<int> labels = {0, 3, 6, 3, 1};
  auto loss = [&] {
    return (double)mlp_forward_loss(x.data(), labels.data(), W1.data(), b1.data(), W2.data(), b2.data(), B, D, H, V);
  };
  std::vector<float> gx(B * D, 0.0f), gW1(H * D, 0.0f), gb1(H, 0.0f), gW2(V * H, 0.0f), gb2(V, 0.0f);
  CUAD_GRAD(mlp_forward_loss_grad_0_2_3_4_5(x.data(), labels.data(), W1.data(), b1.data(), W2.data(), b2.data(), B, D, H,
                                            V, gx.data(), gW1.data(), gb1.data(), gW2.data(), gb2.data()));
  check.array("x", gx, fd(x, loss));
  check.array("W1", gW1, fd(W1, loss));
  check.array("b1", gb1, fd(b1, loss));
  check.array("W2", gW2, fd(W2, loss));
  check.array("b2", gb2, fd(b2, loss));
  return check.finish();
}
