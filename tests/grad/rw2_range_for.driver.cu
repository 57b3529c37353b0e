#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_range_for");
  const int n = 50;
  Rng rng(233);
  std::vector<float> rgb = rng.vec<float>(3 * n, 0.05, 1.0), g = rng.vec<float>(3, 0.5, 1.5),
                     out = rng.vec<float>(n), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_c(rgb), d_g(g);
    CUAD_LAUNCH(color_normalize, 2, 32, d_o.ptr, d_c.ptr, d_g.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_c(rgb), d_g(g), a_o(w), a_c(zeros<float>(3 * n)), a_g(zeros<float>(3));
  CUAD_GRAD(CUAD_LAUNCH(color_normalize_grad_0_1_2, 2, 32, d_o.ptr, d_c.ptr, d_g.ptr, n, a_o.ptr,
                        a_c.ptr, a_g.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("rgb", a_c.get(), fd(rgb, loss));
  check.array("gain", a_g.get(), fd(g, loss));
  return check.finish();
}
