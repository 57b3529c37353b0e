#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("template_static_member_type");
  const int n = 8;
  Rng rng(1);
  std::vector<double> x = rng.vec(n), out = zeros<double>(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dout(out), ax(zeros<double>(n)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, n, dx.ptr, dout.ptr, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  return check.finish();
}
