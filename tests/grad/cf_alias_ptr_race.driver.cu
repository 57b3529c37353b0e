#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_alias_ptr_race");
  const int n = 64;
  Rng rng(121);
  std::vector<double> a = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_a(a);
    CUAD_LAUNCH(mirror_ptr, 2, 32, d_out.ptr, d_a.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_a(a), a_out(w), a_a(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(mirror_ptr_grad_0_1, 2, 32, d_out.ptr, d_a.ptr, n, a_out.ptr, a_a.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("a", a_a.get(), fd(a, loss));
  return check.finish();
}
