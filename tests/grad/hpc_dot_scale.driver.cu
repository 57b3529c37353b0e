#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_dot_scale");
  const int n = 150;
  Rng rng(511);
  std::vector<double> x = rng.vec(n), v = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> o = out;
    normalize_project(o.data(), x.data(), v.data(), n);
    return dot(w, o);
  };
  std::vector<double> o = out, a_out = w, a_x(n, 0.0), a_v(n, 0.0);
  CUAD_GRAD(normalize_project_grad_0_1_2(o.data(), x.data(), v.data(), n, a_out.data(), a_x.data(),
                                   a_v.data()));
  check.array("out", a_out, fd(out, loss));
  check.array("x", a_x, fd(x, loss));
  check.array("v", a_v, fd(v, loss));
  return check.finish();
}
