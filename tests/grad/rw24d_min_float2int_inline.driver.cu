#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_min_float2int_inline");
  Rng rng(24908);
  const int n = 8;
  float L = 2.0f;
  std::vector<float> x = rng.vec<float>(n, -1.6, 1.6);
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_o(zeros<float>(n));
    CUAD_LAUNCH(wrap_sq, 1, 8, d_x.ptr, L, d_o.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_x(x), d_o(zeros<float>(n)), g_x(zeros<float>(n)), g_o(w);
  DeviceScalar<float> g_L;
  CUAD_GRAD(CUAD_LAUNCH(wrap_sq_grad_0_1_2, 1, 8, d_x.ptr, L, d_o.ptr, n, g_x.ptr, g_L.ptr, g_o.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.scalar("L", g_L.value(), fd(L, loss));
  check.array("out", g_o.get(), zeros<double>(n));
  return check.finish();
}
