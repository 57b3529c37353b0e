#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("float_map");
  const int n = 100;
  Rng rng(31);
  std::vector<float> x = rng.vec<float>(n, -2, 2), g = rng.vec<float>(n, -2, 2),
                     out = rng.vec<float>(n), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_x(x), d_g(g);
    CUAD_LAUNCH(softplus_gate, 2, 64, d_out.ptr, d_x.ptr, d_g.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_x(x), d_g(g), a_out(w), a_x(zeros<float>(n)),
      a_g(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(softplus_gate_grad_0_1_2, 2, 64, d_out.ptr, d_x.ptr, d_g.ptr, n, a_out.ptr,
                        a_x.ptr, a_g.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("g", a_g.get(), fd(g, loss));
  return check.finish();
}
