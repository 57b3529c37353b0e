#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The solution does not depend on the start x (to within TOL), so d/dx_in ~ 0 (Newton iterates
// converge quadratically); d/da and d/db follow from the implicit function theorem.
int main() {
  Checker check("hpc_newton");
  const int n = 70;
  Rng rng(513);
  std::vector<double> x = rng.vec(n, 0.5, 1.5), a = rng.vec(n, 1.0, 2.0), b = rng.vec(n, 0.5, 3.0),
                      w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_a(a), d_b(b);
    CUAD_LAUNCH(implicit_solve, 3, 32, d_x.ptr, d_a.ptr, d_b.ptr, n);
    return dot(w, d_x.get());
  };
  DeviceArray<double> d_x(x), d_a(a), d_b(b), a_x(w), a_a(zeros<double>(n)), a_b(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(implicit_solve_grad_0_1_2, 3, 32, d_x.ptr, d_a.ptr, d_b.ptr, n, a_x.ptr, a_a.ptr,
                        a_b.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
