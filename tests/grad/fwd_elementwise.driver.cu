#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_elementwise");
  const int n = 100;
  Rng rng(5);
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n), vx = rng.vec<float>(n),
                     vy = rng.vec<float>(n), vout = rng.vec<float>(n), out0 = zeros<float>(n);
  float a = 1.3f, va = 0.7f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dy(along(y, t, vy)), dout(out0);
    CUAD_LAUNCH(k, 2, 64, n, dx.ptr, dy.ptr, along(a, t, va), dout.ptr);
    return as_doubles(dout.get());
  };
  // _d_out starts with garbage: the pushforward overwrites every written entry.
  DeviceArray<float> dx(x), dy(y), d_x(vx), d_y(vy), dout(out0), d_out(vout);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 2, 64, n, dx.ptr, dy.ptr, a, dout.ptr, d_x.ptr, d_y.ptr,
                        va, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<float>(outputs_at));
  return check.finish();
}
