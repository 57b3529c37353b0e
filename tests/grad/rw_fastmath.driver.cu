#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_fastmath");
  const int n = 300;
  Rng rng(23);
  std::vector<float> x = rng.vec<float>(n, -1.6, 1.6), p = rng.vec<float>(n, -1.0, 1.0),
                     out = rng.vec<float>(n), w = rng.vec<float>(n);
  // Keep away from the kinks: |x| (copysign), x*q = +-0.8 (clamp), 0.5x+0.5 in {0,1}.
  for (int i = 0; i < n; ++i) {
    if (std::fabs(x[i]) < 0.05f) x[i] += 0.1f;
    if (std::fabs(std::fabs(x[i]) - 1.0f) < 0.05f) x[i] *= 1.1f;
    if (std::fabs(std::fabs(x[i] * p[i]) - 0.8f) < 0.05f) p[i] *= 0.9f;
  }
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x), d_p(p);
    CUAD_LAUNCH(fastmath_act, 2, 64, d_o.ptr, d_x.ptr, d_p.ptr, n);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), d_p(p), a_o(w), a_x(zeros<float>(n)), a_p(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(fastmath_act_grad_0_1_2, 2, 64, d_o.ptr, d_x.ptr, d_p.ptr, n, a_o.ptr, a_x.ptr,
                        a_p.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("p", a_p.get(), fd(p, loss));
  return check.finish();
}
