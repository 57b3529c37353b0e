#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_stream_chunks");
  const int n = 75;
  Rng rng(412);
  std::vector<float> x = rng.vec<float>(n), out = rng.vec<float>(n), w = rng.vec<float>(n),
                     b = rng.vec<float>(2, 0.5, 1.5);
  auto loss = [&] {
    std::vector<float> o = out;
    pipeline(o.data(), x.data(), b.data(), n);
    return dot(w, o);
  };
  std::vector<float> o = out, a_out = w, a_x(n, 0.0f), a_b(2, 0.0f);
  CUAD_GRAD(pipeline_grad_0_1_2(o.data(), x.data(), b.data(), n, a_out.data(), a_x.data(),
                                a_b.data()));
  check.array("out", a_out, fd(out, loss));
  check.array("x", a_x, fd(x, loss));
  check.array("b", a_b, fd(b, loss));
  return check.finish();
}
