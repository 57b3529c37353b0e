#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("sliding_window");
  const int n = 96, width = 4;
  Rng rng(44);
  std::vector<double> out = rng.vec(n), w = rng.vec(n + width), x = rng.vec(3 * n), z = rng.vec(3 * n + 2),
                     wo = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_w(w), d_x(x), d_z(z);
    CUAD_LAUNCH(window, 3, 32, d_out.ptr, d_w.ptr, d_x.ptr, d_z.ptr, n, width);
    return dot(wo, d_out.get());
  };
  DeviceArray<double> d_out(out), d_w(w), d_x(x), d_z(z), a_out(wo),
      a_w(zeros<double>(n + width)), a_x(zeros<double>(3 * n)), a_z(zeros<double>(3 * n + 2));
  CUAD_GRAD(CUAD_LAUNCH(window_grad_0_1_2_3, 3, 32, d_out.ptr, d_w.ptr, d_x.ptr, d_z.ptr, n,
                        width, a_out.ptr, a_w.ptr, a_x.ptr, a_z.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("w", a_w.get(), fd(w, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("z", a_z.get(), fd(z, loss));
  return check.finish();
}
