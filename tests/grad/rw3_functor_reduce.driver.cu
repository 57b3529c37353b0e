#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
using F = Huber;
#define GRAD loss_reduce_grad_0_1_3<Huber>
#else
using F = Softplus;
#define GRAD loss_reduce_grad_0_1_3<Softplus>
#endif

int main() {
  Checker check("rw3_functor_reduce");
  const int n = 300;
  const float param = CUAD_OUTPUT == 1 ? 0.5f : 1.7f;
  Rng rng(3118);
  std::vector<float> pred = rng.vec<float>(n, -1.5, 1.5), target = rng.vec<float>(n, -1.0, 1.0);
  // Huber: keep |pred - target| away from delta
  for (int i = 0; i < n; ++i)
    if (std::fabs(std::fabs(pred[i] - target[i]) - 0.5f) < 0.02f) pred[i] += 0.05f;
  float loss0 = 0.25f;
  const float wl = 1.4f;
  auto loss = [&] {
    DeviceArray<float> d_p(pred), d_t(target);
    DeviceScalar<float> d_l(loss0);
    CUAD_LAUNCH(loss_reduce<F>, 3, 64, d_p.ptr, d_t.ptr, param, d_l.ptr, n);
    return wl * d_l.value();
  };
  DeviceArray<float> d_p(pred), d_t(target), a_p(zeros<float>(n)), a_t(zeros<float>(n));
  DeviceScalar<float> d_l(loss0), a_l(wl);
  CUAD_GRAD(CUAD_LAUNCH(GRAD, 3, 64, d_p.ptr, d_t.ptr, param, d_l.ptr, n, a_p.ptr, a_t.ptr,
                        a_l.ptr));
  check.array("pred", a_p.get(), fd(pred, loss));
  check.array("target", a_t.get(), fd(target, loss));
  check.scalar("loss", a_l.value(), fd(loss0, loss));
  return check.finish();
}
