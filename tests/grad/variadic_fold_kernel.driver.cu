#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("variadic_fold_kernel");
  const int n = 48;
  Rng rng(4401);
  // Entries spread apart (no ties of |x| in maxabs within the FD step).
  std::vector<float> x(4 * n);
  for (int i = 0; i < 4 * n; ++i) x[i] = (i % 2 ? -1.0f : 1.0f) * (0.3f + 0.11f * (i % 4) + 0.002f * i);
  std::vector<float> out = rng.vec<float>(n), vx = rng.vec<float>(4 * n), vout = rng.vec<float>(n);
  float s = 0.7f, vs = 0.4f;
#if CUAD_OUTPUT == 3
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_o(along(out, t, vout)), d_x(along(x, t, vx));
    CUAD_LAUNCH(vk, 2, 32, d_o.ptr, d_x.ptr, along(s, t, vs), n);
    return as_doubles(d_o.get());
  };
  DeviceArray<float> d_o(out), t_o(vout), d_x(x), t_x(vx);
  CUAD_GRAD(CUAD_LAUNCH(vk_pushforward, 2, 32, d_o.ptr, d_x.ptr, s, n, t_o.ptr, t_x.ptr, vs));
  check.array("out", t_o.get(), directional_fd<float>(outputs_at));
#else
  std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    CUAD_LAUNCH(vk, 2, 32, d_o.ptr, d_x.ptr, s, n);
    return dot(w, d_o.get());
  };
#if CUAD_OUTPUT == 1
  DeviceArray<float> d_o(out), a_o(w), d_x(x), a_x(zeros<float>(4 * n));
  DeviceScalar<float> a_s;
  CUAD_GRAD(CUAD_LAUNCH(vk_grad_0_1_2, 2, 32, d_o.ptr, d_x.ptr, s, n, a_o.ptr, a_x.ptr, a_s.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("s", a_s.get()[0], fd(s, loss));
#else
  DeviceArray<float> d_o(out), a_o(w), d_x(x), a_x(zeros<float>(4 * n));
  CUAD_GRAD(CUAD_LAUNCH(vk_grad_0_1, 2, 32, d_o.ptr, d_x.ptr, s, n, a_o.ptr, a_x.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
#endif
#endif
  return check.finish();
}
