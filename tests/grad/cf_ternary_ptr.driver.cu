#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_ternary_ptr");
  const int n = 6, m = 6;
  Rng rng(115);
  std::vector<double> a = rng.vec(n * m), b = rng.vec(n * m), out = rng.vec(n), w = rng.vec(n);
  for (int i = 0; i < n; ++i)
    if (fabs(a[i * m]) < 0.05) a[i * m] = 0.3;
  double s = 1.3;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_a(a), d_b(b);
    CUAD_LAUNCH(pick_mix, 1, 8, d_out.ptr, d_a.ptr, d_b.ptr, s, n, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_a(a), d_b(b), a_out(w), a_a(zeros<double>(n * m)),
      a_b(zeros<double>(n * m));
  DeviceScalar<double> a_s;
  CUAD_GRAD(CUAD_LAUNCH(pick_mix_grad_0_1_2_3, 1, 8, d_out.ptr, d_a.ptr, d_b.ptr, s, n, m,
                        a_out.ptr, a_a.ptr, a_b.ptr, a_s.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  check.scalar("s", a_s.value(), fd(s, loss));
  return check.finish();
}
