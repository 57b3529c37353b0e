#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("inplace_square");
  const int n = 100;
  Rng rng(7);
  std::vector<double> a = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d(a);
    CUAD_LAUNCH(square_inplace, 2, 64, d.ptr, n);
    return dot(w, d.get());
  };
  DeviceArray<double> d_a(a), a_a(w);
  CUAD_GRAD(CUAD_LAUNCH(square_inplace_grad_0, 2, 64, d_a.ptr, n, a_a.ptr));
  check.array("a", a_a.get(), fd(a, loss));
  return check.finish();
}
