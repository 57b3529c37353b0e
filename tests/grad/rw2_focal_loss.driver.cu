#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_focal_loss");
  const int n = 150;
  Rng rng(203);
  std::vector<float> z = rng.vec<float>(n, -3.0, 3.0), t(n);
  for (int i = 0; i < n; ++i) {
    t[i] = (i % 3 == 0) ? 1.0f : 0.0f;
    if (std::fabs(z[i]) < 0.01f) z[i] = 0.5f;
  }
  float l0 = 0.3f, gamma = 2.0f;
  const float alpha = 0.25f;
  DeviceArray<float> d_t(t);
  auto loss = [&] {
    DeviceArray<float> d_z(z);
    DeviceScalar<float> d_l(l0);
    CUAD_LAUNCH(focal_loss_fwd, 2, 64, d_l.ptr, d_z.ptr, d_t.ptr, alpha, gamma, n);
    return 2.0 * d_l.value();
  };
  DeviceArray<float> d_z(z), a_z(zeros<float>(n));
  DeviceScalar<float> d_l(l0), a_l(2.0f), a_g;
  CUAD_GRAD(CUAD_LAUNCH(focal_loss_fwd_grad_0_1_4, 2, 64, d_l.ptr, d_z.ptr, d_t.ptr, alpha, gamma,
                        n, a_l.ptr, a_z.ptr, a_g.ptr));
  check.scalar("loss", a_l.value(), fd(l0, loss));
  check.array("logits", a_z.get(), fd(z, loss));
  check.scalar("gamma", a_g.value(), fd(gamma, loss));
  return check.finish();
}
