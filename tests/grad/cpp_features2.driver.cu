#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_features2");
  const int n = 40;
  Rng rng(40);
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n), w = rng.vec<float>(n);
  Params<float> p{0.75f};
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(y);
    CUAD_LAUNCH(k2, 2, 32, dy.ptr, dx.ptr, (size_t)n, p);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dy(y), d_y(w), d_x(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(k2_grad_0_1, 2, 32, dy.ptr, dx.ptr, (size_t)n, p, d_y.ptr, d_x.ptr));
  check.array("y", d_y.get(), fd(y, loss));
  check.array("x", d_x.get(), fd(x, loss));
  return check.finish();
}
