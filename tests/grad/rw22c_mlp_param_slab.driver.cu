#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_mlp_param_slab");
  Rng rng(22306);
  const int batch = 9, in = 3, hid = 5, out = 2;
  const int nparams = hid * in + hid + out * hid + out;
  std::vector<double> theta = rng.vec(nparams, -0.9, 0.9);
  std::vector<double> X = rng.vec(batch * in), Y = rng.vec(batch * out);
  auto loss = [&] { return mlp_loss(theta.data(), X.data(), Y.data(), batch, in, hid, out); };
  std::vector<double> gtheta(nparams, 0.0), gX(batch * in, 0.0), gY(batch * out, 0.0);
  CUAD_GRAD(mlp_loss_grad_0_1_2(theta.data(), X.data(), Y.data(), batch, in, hid, out,
                                gtheta.data(), gX.data(), gY.data()));
  check.array("theta", gtheta, fd(theta, loss));
  check.array("X", gX, fd(X, loss));
  check.array("Y", gY, fd(Y, loss));
  return check.finish();
}
