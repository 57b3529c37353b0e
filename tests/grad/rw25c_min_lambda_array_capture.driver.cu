#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_min_lambda_array_capture");
  Rng rng(25391);
  const int n = 8;
  std::vector<double> x = rng.vec(3 * n), out = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out);
    CUAD_LAUNCH(k, 1, 8, n, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(out), gx(zeros<double>(3 * n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2, 1, 8, n, dx.ptr, dout.ptr, gx.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("out", gout.get(), zeros<double>(n));
  return check.finish();
}
