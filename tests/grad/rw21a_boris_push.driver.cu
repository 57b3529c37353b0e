#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_boris_push");
  Rng rng(21003);
  const int n = 37, steps = 6;
  const double qm = -1.3, dt = 0.1;
  std::vector<double> x0 = rng.vec(3 * n), v0 = rng.vec(3 * n, -0.5, 0.5);
  std::vector<double> field = {0.3, -0.2, 0.1, 0.4, 0.9, -0.6, 0.25};
  const std::vector<double> wx = rng.vec(3 * n), wv = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> xo(3 * n, 0.0), vo(3 * n, 0.0);
    push_particles(x0.data(), v0.data(), field.data(), qm, xo.data(), vo.data(), n, steps, dt);
    return dot(wx, xo) + dot(wv, vo);
  };
  std::vector<double> xo(3 * n, 0.0), vo(3 * n, 0.0);
  std::vector<double> gx0(3 * n, 0.0), gv0(3 * n, 0.0), gf(7, 0.0), gxo = wx, gvo = wv;
  CUAD_GRAD(push_particles_grad_0_1_2_4_5(x0.data(), v0.data(), field.data(), qm, xo.data(),
                                          vo.data(), n, steps, dt, gx0.data(), gv0.data(),
                                          gf.data(), gxo.data(), gvo.data()));
  check.array("x0", gx0, fd(x0, loss));
  check.array("v0", gv0, fd(v0, loss));
  check.array("field", gf, fd(field, loss));
  check.array("x_out", gxo, std::vector<double>(3 * n, 0.0));
  check.array("v_out", gvo, std::vector<double>(3 * n, 0.0));
  return check.finish();
}
