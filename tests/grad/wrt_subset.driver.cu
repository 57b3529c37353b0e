#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Output 1: kscale_grad_0_2 (out, val). Output 2: kscale_grad_0_1 (out, in).
// Output 3: kscale_grad_0_1_2 (out, in, val: n is an int and carries no derivative).
int main() {
  Checker check("wrt_subset");
  const int n = 100;
  Rng rng(39);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  double val = 1.1;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(kscale, 2, 64, d_out.ptr, d_in.ptr, val, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  DeviceScalar<double> a_val;
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(kscale_grad_0_2, 2, 64, d_out.ptr, d_in.ptr, val, n, a_out.ptr, a_val.ptr));
#elif CUAD_OUTPUT == 2
  CUAD_GRAD(CUAD_LAUNCH(kscale_grad_0_1, 2, 64, d_out.ptr, d_in.ptr, val, n, a_out.ptr, a_in.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(kscale_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, val, n, a_out.ptr,
                        a_in.ptr, a_val.ptr));
#endif
  check.array("out", a_out.get(), fd(out, loss));
  if (CUAD_OUTPUT != 1) check.array("in", a_in.get(), fd(in, loss));
  if (CUAD_OUTPUT != 2) check.scalar("val", a_val.value(), fd(val, loss));
  return check.finish();
}
