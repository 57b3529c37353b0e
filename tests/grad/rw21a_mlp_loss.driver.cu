#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_mlp_loss");
  Rng rng(21002);
  const int batch = 23, nin = 4, nhid = 7, nout = 3;  // 69 outputs: two reduction blocks
  std::vector<double> X = rng.vec(batch * nin), T = rng.vec(batch * nout);
  std::vector<double> W1 = rng.vec(nhid * nin, -0.8, 0.8), b1 = rng.vec(nhid, -0.2, 0.2);
  std::vector<double> W2 = rng.vec(nhid * nhid, -0.6, 0.6), b2 = rng.vec(nhid, -0.2, 0.2);
  std::vector<double> W3 = rng.vec(nout * nhid, -0.6, 0.6), b3 = rng.vec(nout, -0.2, 0.2);
  auto loss = [&] {
    return nn::batch_loss(X.data(), T.data(), W1.data(), b1.data(), W2.data(), b2.data(),
                          W3.data(), b3.data(), batch, nin, nhid, nout);
  };
  std::vector<double> gW1(W1.size(), 0.0), gb1(b1.size(), 0.0), gW2(W2.size(), 0.0),
      gb2(b2.size(), 0.0), gW3(W3.size(), 0.0), gb3(b3.size(), 0.0);
  CUAD_GRAD(nn::batch_loss_grad_2_3_4_5_6_7(X.data(), T.data(), W1.data(), b1.data(), W2.data(),
                                            b2.data(), W3.data(), b3.data(), batch, nin, nhid,
                                            nout, gW1.data(), gb1.data(), gW2.data(), gb2.data(),
                                            gW3.data(), gb3.data()));
  check.array("W1", gW1, fd(W1, loss));
  check.array("b1", gb1, fd(b1, loss));
  check.array("W2", gW2, fd(W2, loss));
  check.array("b2", gb2, fd(b2, loss));
  check.array("W3", gW3, fd(W3, loss));
  check.array("b3", gb3, fd(b3, loss));
  return check.finish();
}
