#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_bce_logits");
  const int rows = 30, cols = 7, n = rows * cols;
  Rng rng(41);
  std::vector<float> z = rng.vec<float>(n, -4.0, 4.0), y(n), pw = rng.vec<float>(cols, 0.5, 3.0);
  for (int i = 0; i < n; ++i) {
    y[i] = (i * 7 % 3 == 0) ? 1.0f : (float)rng.uniform(0.0, 1.0);
    if (std::fabs(z[i]) < 0.05f) z[i] += 0.2f;  // away from the |z| kink
  }
  float l0 = -0.1f;
  DeviceArray<float> d_y(y), d_pw(pw);
  auto loss = [&] {
    DeviceArray<float> d_z(z);
    DeviceScalar<float> d_l(l0);
    CUAD_LAUNCH(bce_logits, 4, 64, d_l.ptr, d_z.ptr, d_y.ptr, d_pw.ptr, rows, cols);
    return 2.0 * d_l.value();
  };
  DeviceArray<float> d_z(z), a_z(zeros<float>(n));
  DeviceScalar<float> d_l(l0), a_l(2.0f);
  CUAD_GRAD(CUAD_LAUNCH(bce_logits_grad_0_1, 4, 64, d_l.ptr, d_z.ptr, d_y.ptr, d_pw.ptr, rows, cols,
                        a_l.ptr, a_z.ptr));
  check.scalar("loss", a_l.value(), fd(l0, loss));
  check.array("z", a_z.get(), fd(z, loss));
  return check.finish();
}
