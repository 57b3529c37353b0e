#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host5_maybe_local");
  const int n = 70;
  Rng rng(5401);
  std::vector<float> x = rng.vec<float>(n, -1.0f, 1.0f), g = rng.vec<float>(8, -1.0f, 1.0f);
  std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dx(x), dg(g), dout(zeros<float>(n));
    CUAD_LAUNCH(blend, 3, 32, dx.ptr, dg.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<float> dx(x), dg(g), dout(zeros<float>(n));
  DeviceArray<float> a_x(zeros<float>(n)), a_g(zeros<float>(8)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(blend_grad_0_1_2, 3, 32, dx.ptr, dg.ptr, dout.ptr, n, a_x.ptr, a_g.ptr, a_out.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("g", a_g.get(), fd(g, loss));
  check.array("out", a_out.get(), std::vector<double>(n, 0.0));
  return check.finish();
}
