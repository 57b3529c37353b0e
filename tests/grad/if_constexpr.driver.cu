#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
constexpr bool kRelu = true;
#define GRAD act_grad_0_1<true>
#else
constexpr bool kRelu = false;
#define GRAD act_grad_0_1<false>
#endif

int main() {
  Checker check("if_constexpr");
  const int n = 64;
  Rng rng(91);
  std::vector<float> out = rng.vec<float>(n), in = rng.vec<float>(n, -2, 2), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_in(in);
    CUAD_LAUNCH(act<kRelu>, 2, 32, d_out.ptr, d_in.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_in(in), a_out(w), a_in(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(GRAD, 2, 32, d_out.ptr, d_in.ptr, n, a_out.ptr, a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
