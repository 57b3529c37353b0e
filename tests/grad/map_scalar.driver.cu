#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("map_scalar");
  const int n = 100;
  Rng rng(13);
  std::vector<float> in = rng.vec<float>(n), out = rng.vec<float>(n), w = rng.vec<float>(n);
  float a = 0.8f;
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_in(in);
    CUAD_LAUNCH(scale_map, 2, 64, d_out.ptr, d_in.ptr, a, n);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_in(in), a_out(w);
  DeviceScalar<float> a_a;
  CUAD_GRAD(CUAD_LAUNCH(scale_map_grad_0_2, 2, 64, d_out.ptr, d_in.ptr, a, n, a_out.ptr, a_a.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  return check.finish();
}
