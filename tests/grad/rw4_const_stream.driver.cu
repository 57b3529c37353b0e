#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_const_stream");
  const int n = 150;
  Rng rng(401);
  std::vector<float> x = rng.vec<float>(n), out = rng.vec<float>(n), w = rng.vec<float>(n);
  float scale = 1.3f;
  auto loss = [&] {
    std::vector<float> o = out;
    run_poly(o.data(), x.data(), scale, n);
    return dot(w, o);
  };
  std::vector<float> o = out, a_out = w, a_x(n, 0.0f);
  float a_s = 0.0f;
  CUAD_GRAD(run_poly_grad_0_1_2(o.data(), x.data(), scale, n, a_out.data(), a_x.data(), &a_s));
  check.array("out", a_out, fd(out, loss));
  check.array("x", a_x, fd(x, loss));
  check.scalar("scale", a_s, fd(scale, loss));
  return check.finish();
}
