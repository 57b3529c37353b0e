#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_pingpong_shared_struct");
  Rng rng(3133);
#if CUAD_OUTPUT == 1
  const int n = 70, iters = 3, blocks = (n + 31) / 32;
  std::vector<float> x = rng.vec<float>(n), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(n, 0.f);
    CUAD_LAUNCH(smooth_shared, blocks, 32, d_x.ptr, d_y.ptr, n, iters);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(n, 0.f), a_x(zeros<float>(n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(smooth_shared_grad_0_1, blocks, 32, d_x.ptr, d_y.ptr, n, iters, a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), std::vector<double>(n, 0.0));
#else
  const int n = 20, m = 5;
  std::vector<float> x = rng.vec<float>(n * m), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(n, 0.f);
    CUAD_LAUNCH(moments_struct, 1, 32, d_x.ptr, d_y.ptr, n, m);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(n, 0.f), a_x(zeros<float>(n * m)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(moments_struct_grad_0_1, 1, 32, d_x.ptr, d_y.ptr, n, m, a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), std::vector<double>(n, 0.0));
#endif
  return check.finish();
}
