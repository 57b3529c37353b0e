#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_mlp_layers");
  Rng rng(200104);
  const int batch = 5, nin = 7, nhid = 12, nout = 4;
  std::vector<double> x = rng.vec(batch * nin), W1 = rng.vec(nhid * nin, -0.5, 0.5),
                      b1 = rng.vec(nhid, -0.2, 0.2), W2 = rng.vec(nout * nhid, -0.5, 0.5),
                      b2 = rng.vec(nout, -0.2, 0.2), y(batch * nout, 0.0);
  const std::vector<double> w = rng.vec(batch * nout);
  auto loss = [&] {
    std::vector<double> out(batch * nout, 0.0);
    mlp2_forward(x.data(), W1.data(), b1.data(), W2.data(), b2.data(), out.data(), batch, nin,
                 nhid, nout);
    return dot(w, out);
  };
  std::vector<double> gx(x.size(), 0.0), gW1(W1.size(), 0.0), gb1(b1.size(), 0.0),
      gW2(W2.size(), 0.0), gb2(b2.size(), 0.0), gy = w;
  CUAD_GRAD(mlp2_forward_grad_0_1_2_3_4_5(x.data(), W1.data(), b1.data(), W2.data(), b2.data(),
                                          y.data(), batch, nin, nhid, nout, gx.data(),
                                          gW1.data(), gb1.data(), gW2.data(), gb2.data(),
                                          gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("W1", gW1, fd(W1, loss));
  check.array("b1", gb1, fd(b1, loss));
  check.array("W2", gW2, fd(W2, loss));
  check.array("b2", gb2, fd(b2, loss));
  check.array("y", gy, std::vector<double>(y.size(), 0.0));
  return check.finish();
}
