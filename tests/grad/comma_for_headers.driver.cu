#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("comma_for_headers");
  Rng rng(2431);
  const int n = 6, m = 6;
  std::vector<double> a = rng.vec(m), b = rng.vec(m), y0 = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_a(a), d_b(b), d_y(y0);
    CUAD_LAUNCH(comma_headers, 1, 8, d_a.ptr, d_b.ptr, d_y.ptr, n, m);
    return dot(w, d_y.get());
  };
#if CUAD_OUTPUT == 1
  DeviceArray<double> d_a(a), d_b(b), d_y(y0), g_a(zeros<double>(m)), g_b(zeros<double>(m)), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(comma_headers_grad_0_1_2, 1, 8, d_a.ptr, d_b.ptr, d_y.ptr, n, m, g_a.ptr, g_b.ptr,
                        g_y.ptr));
  check.array("a", g_a.get(), fd(a, loss));
  check.array("b", g_b.get(), fd(b, loss));
  check.array("y", g_y.get(), zeros<double>(n));
#else
  (void)loss;
  const std::vector<double> va = rng.vec(m), vb = rng.vec(m), vy = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_a(along(a, t, va)), d_b(along(b, t, vb)), d_y(along(y0, t, vy));
    CUAD_LAUNCH(comma_headers, 1, 8, d_a.ptr, d_b.ptr, d_y.ptr, n, m);
    return d_y.get();
  };
  DeviceArray<double> d_a(a), d_b(b), d_y(y0), t_a(va), t_b(vb), t_y(vy);
  CUAD_GRAD(CUAD_LAUNCH(comma_headers_pushforward, 1, 8, d_a.ptr, d_b.ptr, d_y.ptr, n, m, t_a.ptr, t_b.ptr,
                        t_y.ptr));
  check.array("y tangent", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
