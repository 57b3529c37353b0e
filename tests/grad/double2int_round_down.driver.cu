#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("double2int_round_down");
  const int nt = 10, n = 20;
  Rng rng(3);
  std::vector<double> table = rng.vec(nt), xs(n), w = rng.vec(n), o0(n, 0.0);
  for (int i = 0; i < n; ++i) xs[i] = (i % (nt - 1)) + rng.uniform(0.1, 0.9);
  auto loss = [&] {
    DeviceArray<double> dt(table), dx(xs), dout(o0);
    CUAD_LAUNCH(lerp1d, 1, 32, dt.ptr, nt, dx.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<double> dt(table), dx(xs), dout(o0), gt(zeros<double>(nt)), gx(zeros<double>(n)), go(w);
  CUAD_GRAD(CUAD_LAUNCH(lerp1d_grad_0_2_3, 1, 32, dt.ptr, nt, dx.ptr, dout.ptr, n, gt.ptr, gx.ptr, go.ptr));
  check.array("table", gt.get(), fd(table, loss));
  check.array("xs", gx.get(), fd(xs, loss));
  return check.finish();
}
