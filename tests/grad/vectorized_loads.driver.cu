#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("vectorized_loads");
  const int n4 = 24, n = 4 * n4;
  Rng rng(81);
  std::vector<float> out = rng.vec<float>(n), in = rng.vec<float>(n), w = rng.vec<float>(n);
  float a = 0.7f;
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_in(in);
    CUAD_LAUNCH(vec4, 1, 32, d_out.ptr, d_in.ptr, a, n4);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_in(in), a_out(w), a_in(zeros<float>(n));
  DeviceScalar<float> a_a;
  CUAD_GRAD(CUAD_LAUNCH(vec4_grad_0_1_2, 1, 32, d_out.ptr, d_in.ptr, a, n4, a_out.ptr, a_in.ptr, a_a.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  return check.finish();
}
