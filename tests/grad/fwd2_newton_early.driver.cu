#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_newton_early");
  const int n = 40;
  Rng rng(110);
  std::vector<double> a = rng.vec(n, 0.3, 2.0), va = rng.vec(n), b = rng.vec(n, -2.0, 2.0),
                      vb = rng.vec(n), x0 = zeros<double>(n);
  for (int i = 0; i < n; i += 5) a[i] = -0.5;  // the early-return branch
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(a, t, va)), db(along(b, t, vb)), dx(x0);
    CUAD_LAUNCH(solve, 2, 32, n, da.ptr, db.ptr, dx.ptr);
    return as_doubles(dx.get());
  };
  DeviceArray<double> da(a), d_a(va), db(b), d_b(vb), dx(x0), d_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(solve_pushforward, 2, 32, n, da.ptr, db.ptr, dx.ptr, d_a.ptr, d_b.ptr,
                        d_x.ptr));
  check.array("x", d_x.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
