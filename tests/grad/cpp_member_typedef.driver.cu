#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_member_typedef");
  const int n = 40;
  Rng rng(32);
  std::vector<double> raw = rng.vec(2 * n), c = {0.8, -0.3}, w = rng.vec(n);
  std::vector<Vec2> v(n);
  for (int i = 0; i < n; ++i) v[i] = Vec2{raw[2 * i], raw[2 * i + 1]};
  auto loss = [&] {
    DeviceArray<Vec2> dv(v);
    DeviceArray<double> dc(c), dy(zeros<double>(n));
    CUAD_LAUNCH(norm_scale, 2, 32, dy.ptr, dv.ptr, dc.ptr, n);
    return dot(w, dy.get());
  };
  std::vector<Vec2> zv(n, Vec2{0.0, 0.0});
  DeviceArray<Vec2> dv(v), d_v(zv);
  DeviceArray<double> dc(c), dy(zeros<double>(n)), d_y(w), d_c(zeros<double>(2));
  CUAD_GRAD(CUAD_LAUNCH(norm_scale_grad_0_1_2, 2, 32, dy.ptr, dv.ptr, dc.ptr, n, d_y.ptr,
                        d_v.ptr, d_c.ptr));
  std::vector<Vec2> gv = d_v.get();
  for (int i = 0; i < n; ++i) {
    check.scalar("v.x", gv[i].x, fd(v[i].x, loss));
    check.scalar("v.y", gv[i].y, fd(v[i].y, loss));
  }
  check.array("c", d_c.get(), fd(c, loss));
  return check.finish();
}
