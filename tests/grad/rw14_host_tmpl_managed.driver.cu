#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_host_tmpl_managed");
  const int rows = 9, cols = 83;
  Rng rng(1409);
  std::vector<double> x = rng.vec(rows * cols, -2.0, 2.0);
  double scale = 1.3;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(rows);
  auto loss = [&] {
    std::vector<double> out(rows);
    softplus_rowsum(x.data(), scale, out.data(), rows, cols);
    return dot(w, out);
  };
  std::vector<double> out(rows), ax(rows * cols, 0.0), aout = w;
  double as = 0.0;
  CUAD_GRAD(softplus_rowsum_grad_0_1_2(x.data(), scale, out.data(), rows, cols, ax.data(), &as, aout.data()));
  check.array("out", aout, std::vector<double>(rows, 0.0));
  check.array("x", ax, fd(x, loss));
  check.scalar("scale", as, fd(scale, loss));
#else
  std::vector<double> vx = rng.vec(rows * cols);
  const double vs = -0.6;
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), out(rows);
    softplus_rowsum(xs.data(), along(scale, t, vs), out.data(), rows, cols);
    return out;
  };
  std::vector<double> out(rows), dout(rows, 0.0);
  CUAD_GRAD(softplus_rowsum_pushforward(x.data(), scale, out.data(), rows, cols, vx.data(), vs, dout.data()));
  check.array("out tangent", dout, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
