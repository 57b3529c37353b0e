#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("iter_recompute");
  const int n = 70, iters = 5, outer = 3, m = n * (outer + 1);
  Rng rng(71);
  std::vector<double> a = rng.vec(n, -1.5, 1.5), b = rng.vec(n, -0.5, 1.0), out = rng.vec(m),
                      w = rng.vec(m);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_a(a), d_b(b);
    CUAD_LAUNCH(iterate, 2, 64, d_out.ptr, d_a.ptr, d_b.ptr, n, iters, outer);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_a(a), d_b(b), a_out(w), a_a(zeros<double>(n)),
      a_b(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(iterate_grad_0_1_2, 2, 64, d_out.ptr, d_a.ptr, d_b.ptr, n, iters, outer,
                        a_out.ptr, a_a.ptr, a_b.ptr));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  check.array("out", a_out.get(), fd(out, loss));
  return check.finish();
}
