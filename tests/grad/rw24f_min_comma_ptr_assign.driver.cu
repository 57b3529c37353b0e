#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_min_comma_ptr_assign");
  Rng rng(24101);
  const int n = 5, nt = 4;
  std::vector<double> a = rng.vec(n), b = rng.vec(n), y0 = rng.vec(nt);
  const std::vector<double> w = rng.vec(nt);
  auto loss = [&] {
    DeviceArray<double> d_a(a), d_b(b), d_y(y0);
    CUAD_LAUNCH(comma_walk, 1, nt, d_a.ptr, d_b.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_a(a), d_b(b), d_y(y0), g_a(zeros<double>(n)), g_b(zeros<double>(n)), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(comma_walk_grad_0_1_2, 1, nt, d_a.ptr, d_b.ptr, d_y.ptr, n, g_a.ptr, g_b.ptr, g_y.ptr));
  check.array("a", g_a.get(), fd(a, loss));
  check.array("b", g_b.get(), fd(b, loss));
  check.array("y", g_y.get(), zeros<double>(nt));
  return check.finish();
}
