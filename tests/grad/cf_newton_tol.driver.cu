#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_newton_tol");
  const int n = 24;
  Rng rng(102);
  std::vector<double> a = rng.vec(n, 0.5, 2.0), b = rng.vec(n, -3.0, 3.0), root = rng.vec(n),
                      w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_r(root), d_a(a), d_b(b);
    CUAD_LAUNCH(cubic_root, 1, 32, d_r.ptr, d_a.ptr, d_b.ptr, n);
    return dot(w, d_r.get());
  };
  DeviceArray<double> d_r(root), d_a(a), d_b(b), a_r(w), a_a(zeros<double>(n)),
      a_b(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(cubic_root_grad_0_1_2, 1, 32, d_r.ptr, d_a.ptr, d_b.ptr, n, a_r.ptr, a_a.ptr,
                        a_b.ptr));
  check.array("root", a_r.get(), fd(root, loss));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
