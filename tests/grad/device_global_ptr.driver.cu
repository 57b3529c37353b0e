#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("device_global_ptr");
  const int n = 100;
  Rng rng(20);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  double s = 1.4;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(scale_store, 2, 64, d_out.ptr, d_in.ptr, s, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  DeviceScalar<double> a_s;
  CUAD_GRAD(CUAD_LAUNCH(scale_store_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, s, n, a_out.ptr,
                        a_in.ptr, a_s.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("s", a_s.value(), fd(s, loss));
  return check.finish();
}
