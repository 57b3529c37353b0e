#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_inplace_iter");
  const int n = 20, steps = 12;
  Rng rng(106);
  std::vector<double> a = rng.vec(n), w = rng.vec(n);
  double r = 2.7;
  auto loss = [&] {
    DeviceArray<double> d_a(a);
    CUAD_LAUNCH(relax, 1, 32, d_a.ptr, r, n, steps);
    return dot(w, d_a.get());
  };
  DeviceArray<double> d_a(a), a_a(w);
  DeviceScalar<double> a_r;
  CUAD_GRAD(CUAD_LAUNCH(relax_grad_0_1, 1, 32, d_a.ptr, r, n, steps, a_a.ptr, a_r.ptr));
  check.array("a", a_a.get(), fd(a, loss));
  check.scalar("r", a_r.value(), fd(r, loss));
  return check.finish();
}
