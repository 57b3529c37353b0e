#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_min_member_const_len");
  Rng rng(23395);
  const int n = 10;
  std::vector<double> x = rng.vec(3 * n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y);
    CUAD_LAUNCH(k, 1, 32, dx.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y), ax(zeros<double>(3 * n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 32, dx.ptr, dy.ptr, n, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y (only written)", ay.get(), zeros<double>(n));
  return check.finish();
}
