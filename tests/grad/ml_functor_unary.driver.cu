#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_functor_unary");
  const int n = 70;
  Rng rng(217);
  std::vector<float> in = rng.vec<float>(n, -4, 4), out = rng.vec<float>(n), w = rng.vec<float>(n);
  // keep away from the threshold kink (bv = 4 at v = 2)
  for (auto& v : in)
    if (std::fabs(v - 2.f) < 0.05f) v += 0.2f;
  SoftplusOp op{2.f, 4.f};
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_in(in);
    CUAD_LAUNCH(unary_kernel<SoftplusOp>, 2, 16, d_out.ptr, d_in.ptr, op, n);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_in(in), a_out(w), a_in(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(unary_kernel_grad_0_1<SoftplusOp>, 2, 16, d_out.ptr, d_in.ptr, op, n, a_out.ptr, a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
