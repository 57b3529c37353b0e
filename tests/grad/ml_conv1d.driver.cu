#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_conv1d");
  const int N = 2, Cin = 3, L = 9, Cout = 4, Kw = 3, pad = 1, stride = 2;
  const int Lout = (L + 2 * pad - Kw) / stride + 1, total = N * Cout * Lout;
  Rng rng(209);
  std::vector<float> x = rng.vec<float>(N * Cin * L), w = rng.vec<float>(Cout * Cin * Kw), bias = rng.vec<float>(Cout),
                     out = rng.vec<float>(total), wo = rng.vec<float>(total);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_x(x), d_w(w), d_b(bias);
    CUAD_LAUNCH(conv1d_fwd, 2, 32, d_out.ptr, d_x.ptr, d_w.ptr, d_b.ptr, N, Cin, L, Cout, Kw, pad, stride, Lout);
    return dot(wo, d_out.get());
  };
  DeviceArray<float> d_out(out), d_x(x), d_w(w), d_b(bias), a_out(wo), a_x(zeros<float>(x.size())),
      a_w(zeros<float>(w.size())), a_b(zeros<float>(Cout));
  CUAD_GRAD(CUAD_LAUNCH(conv1d_fwd_grad_0_1_2_3, 2, 32, d_out.ptr, d_x.ptr, d_w.ptr, d_b.ptr, N, Cin, L, Cout, Kw,
                        pad, stride, Lout, a_out.ptr, a_x.ptr, a_w.ptr, a_b.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("w", a_w.get(), fd(w, loss));
  check.array("bias", a_b.get(), fd(bias, loss));
  return check.finish();
}
