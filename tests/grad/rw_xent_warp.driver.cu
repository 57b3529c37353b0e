#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_xent_warp");
  const int n = 8, c = 45;
  Rng rng(7);
  std::vector<float> z = rng.vec<float>(n * c, -3.0, 3.0);
  std::vector<int> lab(n);
  for (int i = 0; i < n; ++i) lab[i] = (i * 17 + 3) % c;
  float l0 = 0.25f;
  DeviceArray<int> d_lab(lab);
  auto loss = [&] {
    DeviceArray<float> d_z(z);
    DeviceScalar<float> d_l(l0);
    CUAD_LAUNCH(xent_warp, 2, 128, d_l.ptr, d_z.ptr, d_lab.ptr, n, c);
    return 1.5 * d_l.value();
  };
  DeviceArray<float> d_z(z), a_z(zeros<float>(n * c));
  DeviceScalar<float> d_l(l0), a_l(1.5f);
  CUAD_GRAD(CUAD_LAUNCH(xent_warp_grad_0_1, 2, 128, d_l.ptr, d_z.ptr, d_lab.ptr, n, c, a_l.ptr,
                        a_z.ptr));
  check.scalar("loss", a_l.value(), fd(l0, loss));
  check.array("logits", a_z.get(), fd(z, loss));
  return check.finish();
}
