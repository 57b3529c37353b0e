#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_act_while_stride");
  const int B = 3;
  const int64_t L = 70;
  Rng rng(234);
  std::vector<double> x = rng.vec(B * L, -4.0, 4.0), al = rng.vec(B, 0.05, 0.3),
                      y = rng.vec(B * L), w = rng.vec(B * L);
  for (auto& v : x)
    if (std::fabs(v) < 1e-3) v = 0.5;
  x[5] = 25.0;  // the softplus threshold branch
  dim3 grid(2, B);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x), d_a(al);
    CUAD_LAUNCH(mixed_activation, grid, 16, d_y.ptr, d_x.ptr, d_a.ptr, L);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), d_a(al), a_y(w), a_x(zeros<double>(B * L)), a_a(zeros<double>(B));
  CUAD_GRAD(CUAD_LAUNCH(mixed_activation_grad_0_1_2, grid, 16, d_y.ptr, d_x.ptr, d_a.ptr, L, a_y.ptr,
                        a_x.ptr, a_a.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("alpha", a_a.get(), fd(al, loss));
  return check.finish();
}
