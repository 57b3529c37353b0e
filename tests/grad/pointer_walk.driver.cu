#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("pointer_walk");
  const int rows = 40, m = 5;
  Rng rng(36);
  std::vector<double> a = rng.vec(rows * m), b = rng.vec(rows * m), out = rng.vec(rows),
                      w = rng.vec(rows);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_a(a), d_b(b);
    CUAD_LAUNCH(strided_dot, 2, 32, d_out.ptr, d_a.ptr, d_b.ptr, rows, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_a(a), d_b(b), a_out(w), a_a(zeros<double>(rows * m)),
      a_b(zeros<double>(rows * m));
  CUAD_GRAD(CUAD_LAUNCH(strided_dot_grad_0_1_2, 2, 32, d_out.ptr, d_a.ptr, d_b.ptr, rows, m,
                        a_out.ptr, a_a.ptr, a_b.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
