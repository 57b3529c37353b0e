#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_min_lambda_capture_array");
  Rng rng(26695);
  const int n = 10;
  std::vector<double> x = rng.vec(3 * n), w = rng.vec(3 * n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(zeros<double>(3 * n));
    CUAD_LAUNCH(k, 1, 32, dx.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(zeros<double>(3 * n)), gx(zeros<double>(3 * n)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 32, dx.ptr, dy.ptr, n, gx.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  return check.finish();
}
