#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("struct_field_spaces");
  Rng rng(2301);
  const int n = 64;
  std::vector<double> w = rng.vec<double>(4), v = rng.vec<double>(4), x = rng.vec<double>(n);
  std::vector<double> bias{0.3}, qbias{-0.2};
  const std::vector<double> wy = rng.vec<double>(n);
  auto loss = [&] {
    DeviceArray<double> dw(w), dv(v), dx(x), dy(zeros<double>(n));
    DeviceArray<Params> dq(std::vector<Params>{Params{dv.ptr, qbias[0]}});
    CUAD_LAUNCH(k, 2, 32, Params{dw.ptr, bias[0]}, dq.ptr, dx.ptr, dy.ptr, n);
    return dot(wy, dy.get());
  };
  DeviceArray<double> dw(w), dv(v), dx(x), dy(zeros<double>(n)), gw(zeros<double>(4)),
      gv(zeros<double>(4)), gx(zeros<double>(n)), gy(wy);
  DeviceArray<Params> dq(std::vector<Params>{Params{dv.ptr, qbias[0]}});
  DeviceArray<Params> gp(std::vector<Params>{Params{gw.ptr, 0.0}});
  DeviceArray<Params> gq(std::vector<Params>{Params{gv.ptr, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1_2_3, 2, 32, Params{dw.ptr, bias[0]}, dq.ptr, dx.ptr, dy.ptr, n,
                        gp.ptr, gq.ptr, gx.ptr, gy.ptr));
  check.array("w", gw.get(), fd(w, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.scalar("bias", gp.get()[0].bias, fd(bias, loss)[0]);
  check.scalar("qbias", gq.get()[0].bias, fd(qbias, loss)[0]);
  return check.finish();
}
