#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static Rational mk(const std::vector<double>& c) { return Rational{{c[0], c[1], c[2]}, {c[3], c[4]}}; }
static std::vector<double> flat(const Rational& r) { return {r.p[0], r.p[1], r.p[2], r.q[0], r.q[1]}; }

int main() {
  Checker check("rw23c_host_fit_buffers");
  Rng rng(23310);
  const int n = 75;  // three blocks, the last partial
  std::vector<double> x = rng.vec(n, -2.0, 2.0), y = rng.vec(n, -1.0, 1.0), c = {0.3, -0.5, 0.8, 0.4, 0.1};
  for (int pass = 0; pass < 2; ++pass) {
    const Reduction red = pass == 0 ? Reduction::Mean : Reduction::Sum;
    auto loss = [&] { return fit_loss(x.data(), y.data(), mk(c), n, red); };
    std::vector<double> gx(n, 0.0), gy(n, 0.0);
    Rational gm = mk(zeros<double>(5));
    CUAD_GRAD(fit_loss_grad_0_1_2(x.data(), y.data(), mk(c), n, red, gx.data(), gy.data(), &gm));
    const std::string tag = pass == 0 ? "mean " : "sum ";
    check.array(tag + "x", gx, fd(x, loss));
    check.array(tag + "y", gy, fd(y, loss));
    check.array(tag + "model", flat(gm), fd(c, loss));
  }
  return check.finish();
}
