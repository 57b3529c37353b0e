#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_xent_online");
  const int B = 7, V = 80, n = B * V;
  Rng rng(9104);
  std::vector<float> logits = rng.vec<float>(n, -4.0, 4.0), losses = rng.vec<float>(B);
  std::vector<int> targets = {3, 79, -100, 0, 41, 17, 64};
  const std::vector<float> w = rng.vec<float>(B);
  const float wm = 1.7f;
  float mean0 = 0.25f;
  auto loss = [&] {
    DeviceArray<float> d_l(losses), d_x(logits), d_m(std::vector<float>{mean0});
    DeviceArray<int> d_t(targets);
    CUAD_LAUNCH(xent_online, 2, 128, d_l.ptr, d_m.ptr, d_x.ptr, d_t.ptr, B, V, -100);
    return dot(w, d_l.get()) + wm * d_m.get()[0];
  };
  DeviceArray<float> d_l(losses), d_x(logits), d_m(std::vector<float>{mean0}), a_l(w),
      a_x(zeros<float>(n)), a_m(std::vector<float>{wm});
  DeviceArray<int> d_t(targets);
  CUAD_GRAD(CUAD_LAUNCH(xent_online_grad_0_1_2, 2, 128, d_l.ptr, d_m.ptr, d_x.ptr, d_t.ptr, B, V, -100,
                        a_l.ptr, a_m.ptr, a_x.ptr));
  check.array("losses", a_l.get(), fd(losses, loss));
  check.scalar("mean_loss", a_m.get()[0], fd(mean0, loss));
  check.array("logits", a_x.get(), fd(logits, loss));
  return check.finish();
}
