#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_cond_sideeffect");
  const int n = 6, m = 7;
  Rng rng(127);
  std::vector<double> x = rng.vec(n * m), out = rng.vec(n), w = rng.vec(n);
  for (auto& v : x) if (fabs(v + 0.6) < 0.02) v = 0.1;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH(read_until, 1, 8, d_out.ptr, d_x.ptr, n, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n * m));
  CUAD_GRAD(CUAD_LAUNCH(read_until_grad_0_1, 1, 8, d_out.ptr, d_x.ptr, n, m, a_out.ptr, a_x.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
