#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_math_cuda_extras");
  const int n = 40;
  Rng rng(3131);
  std::vector<double> a = rng.vec(n, 0.1, 0.9), b = rng.vec(n, 1.2, 2.5), w = rng.vec(n);
  // remainder(4y, 1.7) jumps where 4y / 1.7 is half an odd integer
  for (double& y : b)
    for (;;) {
      double q = 4.0 * y / 1.7;
      if (std::fabs(q - std::floor(q) - 0.5) > 0.02) break;
      y += 0.011;
    }
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> d_a(a), d_b(b), d_o(n, 0.0);
    CUAD_LAUNCH(math_extras, 2, 32, d_a.ptr, d_b.ptr, d_o.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_a(a), d_b(b), d_o(n, 0.0), a_a(zeros<double>(n)), a_b(zeros<double>(n)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(math_extras_grad_0_1_2, 2, 32, d_a.ptr, d_b.ptr, d_o.ptr, n, a_a.ptr, a_b.ptr,
                        a_o.ptr));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  check.array("out", a_o.get(), std::vector<double>(n, 0.0));
#else
  std::vector<double> va = rng.vec(n, -0.05, 0.05), vb = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_a(along(a, t, va)), d_b(along(b, t, vb)), d_o(n, 0.0);
    CUAD_LAUNCH(math_extras, 2, 32, d_a.ptr, d_b.ptr, d_o.ptr, n);
    return d_o.get();
  };
  DeviceArray<double> d_a(a), d_b(b), d_o(n, 0.0), t_a(va), t_b(vb), t_o(n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(math_extras_pushforward, 2, 32, d_a.ptr, d_b.ptr, d_o.ptr, n, t_a.ptr, t_b.ptr,
                        t_o.ptr));
  check.array("out", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
