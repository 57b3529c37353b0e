#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_rope");
  const int T = 4, H = 3, D = 10, R = 8, n = T * H * D;
  const float theta = 100.0f;
  Rng rng(202);
  std::vector<float> x = rng.vec<float>(n), out = rng.vec<float>(n), w = rng.vec<float>(n);
  float ps = 0.7f;
  dim3 block(2, 2), grid(2, T);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    CUAD_LAUNCH(rope_fwd, grid, block, d_o.ptr, d_x.ptr, ps, T, H, D, R, theta);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(n));
  DeviceScalar<float> a_ps;
  CUAD_GRAD(CUAD_LAUNCH(rope_fwd_grad_0_1_2, grid, block, d_o.ptr, d_x.ptr, ps, T, H, D, R, theta,
                        a_o.ptr, a_x.ptr, a_ps.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("pos_scale", a_ps.value(), fd(ps, loss));
  return check.finish();
}
