#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_special_pow_fmod");
  const int n = 40;
  Rng rng(3103);
  std::vector<double> a = rng.vec(n, -1.5, 3.0), b = rng.vec(n, -1.2, 1.2), period = {1.3},
                      w = rng.vec(n);
  for (int i = 0; i < n; ++i) {
    // away from fmin's tie a == b, fabs's kink at b == 0 and the wraps of fmod
    if (std::fabs(a[i] - b[i]) < 0.05) a[i] += 0.2;
    if (std::fabs(b[i]) < 0.05) b[i] = 0.3;
    for (;;) {
      double q = (a[i] * 4.0 + b[i]) / period[0];
      if (std::fabs(q - std::round(q)) > 0.02) break;
      a[i] += 0.013;
    }
  }
  DeviceArray<double> d_out(n, 0.0);
  auto loss = [&] {
    DeviceArray<double> d_a(a), d_b(b), d_p(period);
    CUAD_LAUNCH(special_terms, 2, 32, d_a.ptr, d_b.ptr, d_p.ptr, d_out.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_a(a), d_b(b), d_p(period), a_a(zeros<double>(n)), a_b(zeros<double>(n)),
      a_p(zeros<double>(1)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(special_terms_grad_0_1_2_3, 2, 32, d_a.ptr, d_b.ptr, d_p.ptr, d_out.ptr, n,
                        a_a.ptr, a_b.ptr, a_p.ptr, a_out.ptr));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  check.array("period", a_p.get(), fd(period, loss));
  check.array("out", a_out.get(), std::vector<double>(n, 0.0));
  return check.finish();
}
