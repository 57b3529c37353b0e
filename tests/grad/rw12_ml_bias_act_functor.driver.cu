#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_bias_act_functor");
  const int rows = 9, C = 26, grid = 2, block = 32;  // 117 pairs over 64 threads
  Rng rng(12003);
  std::vector<double> in = rng.vec(rows * C, -3.0, 3.0), bias = rng.vec(C, -0.5, 0.5),
                      out = zeros<double>(rows * C), w = rng.vec(rows * C);
  GeluTanh<double> act;
  auto loss = [&] {
    DeviceArray<double> o(out), x(in), b(bias);
    CUAD_LAUNCH((bias_act<double, GeluTanh<double>>), grid, block, o.ptr, x.ptr, b.ptr, rows, C,
                act);
    return dot(w, o.get());
  };
  DeviceArray<double> o(out), x(in), b(bias), a_o(w), a_x(zeros<double>(rows * C)),
      a_b(zeros<double>(C));
  CUAD_GRAD(CUAD_LAUNCH((bias_act_grad_0_1_2<double, GeluTanh<double>>), grid, block, o.ptr,
                        x.ptr, b.ptr, rows, C, act, a_o.ptr, a_x.ptr, a_b.ptr));
  check.array("in", a_x.get(), fd(in, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  check.array("out", a_o.get(), fd(out, loss));
  return check.finish();
}
