#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_member_template");
  const int n = 40;
  Rng rng(31);
  std::vector<float> x = rng.vec<float>(n), s = {0.7f, 0.4f}, w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dx(x), ds(s), dy(zeros<float>(n));
    CUAD_LAUNCH(blend, 2, 32, dy.ptr, dx.ptr, ds.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), ds(s), dy(zeros<float>(n)), d_y(w), d_x(zeros<float>(n)),
      d_s(zeros<float>(2));
  CUAD_GRAD(CUAD_LAUNCH(blend_grad_0_1_2, 2, 32, dy.ptr, dx.ptr, ds.ptr, n, d_y.ptr, d_x.ptr,
                        d_s.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  check.array("s", d_s.get(), fd(s, loss));
  return check.finish();
}
