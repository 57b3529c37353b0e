#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_min_typedef_param_chain");
  Rng rng(23397);
  const int n = 20;
  std::vector<double> x = rng.vec(n), t = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dt(t), dy(y);
    CUAD_LAUNCH(apply, 1, 32, dx.ptr, dt.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dt(t), dy(y), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(apply_grad_0_2, 1, 32, dx.ptr, dt.ptr, dy.ptr, n, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y (only written)", ay.get(), zeros<double>(n));
  return check.finish();
}
