#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_fixed_point");
  const int n = 16;
  Rng rng(103);
  std::vector<double> p = rng.vec(n, 0.2, 1.0), y = rng.vec(n), w = rng.vec(n);
  double q = 0.6;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_p(p);
    CUAD_LAUNCH(fixpt, 1, 16, d_y.ptr, d_p.ptr, q, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_p(p), a_y(w), a_p(zeros<double>(n));
  DeviceScalar<double> a_q;
  CUAD_GRAD(CUAD_LAUNCH(fixpt_grad_0_1_2, 1, 16, d_y.ptr, d_p.ptr, q, n, a_y.ptr, a_p.ptr, a_q.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("p", a_p.get(), fd(p, loss));
  check.scalar("q", a_q.value(), fd(q, loss), Tol{1e-5, 1e-4});
  return check.finish();
}
