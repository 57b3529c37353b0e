#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("device_swap");
  const int n = 90;
  Rng rng(77);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  for (auto& v : x) if (std::fabs(v - 0.3) < 1e-3) v += 0.01;  // away from the branch's kink
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(zeros<double>(n));
    CUAD_LAUNCH(swap_mix, 3, 32, dy.ptr, dx.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(zeros<double>(n)), d_x(zeros<double>(n)), d_y(w);
  CUAD_GRAD(CUAD_LAUNCH(swap_mix_grad_0_1, 3, 32, dy.ptr, dx.ptr, n, d_y.ptr, d_x.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  return check.finish();
}
