#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_min_struct_field_race");
  Rng rng(23099);
  const int n = 64, m = n / 4;
  std::vector<float> w = rng.vec<float>(m), x = rng.vec<float>(m);
  const std::vector<float> wy = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dw(w), dx(x), dy(zeros<float>(n));
    CUAD_LAUNCH(scale_by_shared_weight, 2, 32, Params{dw.ptr}, dx.ptr, dy.ptr, n);
    return dot(wy, dy.get());
  };
  DeviceArray<float> dw(w), dx(x), dy(zeros<float>(n)), gw(zeros<float>(m)), gx(zeros<float>(m)), gy(wy);
  DeviceArray<Params> gp(std::vector<Params>{Params{gw.ptr}});
  CUAD_GRAD(CUAD_LAUNCH(scale_by_shared_weight_grad_0_1_2, 2, 32, Params{dw.ptr}, dx.ptr, dy.ptr, n,
                        gp.ptr, gx.ptr, gy.ptr));
  check.array("w", gw.get(), fd(w, loss));
  check.array("x", gx.get(), fd(x, loss));
  return check.finish();
}
