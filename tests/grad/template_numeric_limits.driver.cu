#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("template_numeric_limits");
  const int n = 8;
  std::vector<double> x = {0.5, -0.7, 1.2, 0.3, -0.4, 0.9, 0.1, 0.2}, out = zeros<double>(n);
  Rng rng(2);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out);
    CUAD_LAUNCH(k<double>, 1, n, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(out), ax(zeros<double>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad<double>, 1, n, dx.ptr, dout.ptr, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  return check.finish();
}
