#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_min_atomic_helper_fwd");
  Rng rng(24903);
  const int n = 12, m = 4;
  std::vector<double> x = rng.vec(3 * n), o0 = rng.vec(3 * m);
  std::vector<int> target(n);
  for (int i = 0; i < n; ++i) target[i] = (i * 5) % m;
  DeviceArray<int> d_t(target);
  auto v3 = [](DeviceArray<double>& a) { return reinterpret_cast<vec3*>(a.ptr); };
  auto run = [&](const std::vector<double>& xx, const std::vector<double>& oo) {
    DeviceArray<double> d_x(xx), d_o(oo);
    CUAD_LAUNCH(scatter_sq, 1, 16, v3(d_x), d_t.ptr, v3(d_o), n);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(3 * m);
  auto loss = [&] { return dot(w, run(x, o0)); };
  DeviceArray<double> d_x(x), d_o(o0), g_x(zeros<double>(3 * n)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(scatter_sq_grad_0_2, 1, 16, v3(d_x), d_t.ptr, v3(d_o), n, v3(g_x), v3(g_o)));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("out", g_o.get(), fd(o0, loss));
#else
  const std::vector<double> vx = rng.vec(3 * n), vo = rng.vec(3 * m);
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(o0, t, vo)); };
  DeviceArray<double> d_x(x), d_o(o0), t_x(vx), t_o(vo);
  CUAD_GRAD(CUAD_LAUNCH(scatter_sq_pushforward, 1, 16, v3(d_x), d_t.ptr, v3(d_o), n, v3(t_x), v3(t_o)));
  check.array("out tangent", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
