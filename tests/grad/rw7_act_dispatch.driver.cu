#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
#define ACT 0
#define BLOCK 64
#elif CUAD_OUTPUT == 3
#define ACT 2
#define BLOCK 64
#else
#define ACT 1
#define BLOCK 128
#endif

int main() {
  Checker check("rw7_act_dispatch");
  const int items = BLOCK / 32, n = 2 * BLOCK * items - 37;  // a partial second block
  Rng rng(7003);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), alpha = rng.vec<float>(4, 0.5, 1.5),
                     y = rng.vec<float>(n), w = rng.vec<float>(n);
  for (float& v : x)
    if (std::fabs(v) < 0.02f) v = 0.1f;  // away from the ReLU / ELU kink
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& av) {
    DeviceArray<float> d_x(xv), d_a(av), d_y(y);
    CUAD_LAUNCH((activate<ACT, BLOCK>), 2, BLOCK, d_x.ptr, d_a.ptr, d_y.ptr, n);
    return d_y.get();
  };
  DeviceArray<float> d_x(x), d_a(alpha), d_y(y);
#if CUAD_OUTPUT != 4
  auto loss = [&] { return dot(w, run(x, alpha)); };
  DeviceArray<float> a_x(zeros<float>(n)), a_a(zeros<float>(4)), a_y(w);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((activate_grad_0_2<ACT, BLOCK>), 2, BLOCK, d_x.ptr, d_a.ptr, d_y.ptr, n,
                        a_x.ptr, a_y.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH((activate_grad_0_1_2<ACT, BLOCK>), 2, BLOCK, d_x.ptr, d_a.ptr, d_y.ptr, n,
                        a_x.ptr, a_a.ptr, a_y.ptr));
  check.array("alpha", a_a.get(), fd(alpha, loss));
#endif
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
#else
  std::vector<float> vx = rng.vec<float>(n), va = rng.vec<float>(4);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(alpha, t, va))); };
  DeviceArray<float> t_x(vx), t_a(va), t_y(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH((activate_pushforward<ACT, BLOCK>), 2, BLOCK, d_x.ptr, d_a.ptr, d_y.ptr,
                        n, t_x.ptr, t_a.ptr, t_y.ptr));
  check.array("y", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
