#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("recompute_after");
  const int n = 80, iters = 6;
  Rng rng(23);
  std::vector<double> a = rng.vec(n, -1, 1.5), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_a(a);
    CUAD_LAUNCH(after_loop, 2, 64, d_out.ptr, d_a.ptr, n, iters);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_a(a), a_out(w), a_a(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(after_loop_grad_0_1, 2, 64, d_out.ptr, d_a.ptr, n, iters, a_out.ptr, a_a.ptr));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("out", a_out.get(), fd(out, loss));
  return check.finish();
}
