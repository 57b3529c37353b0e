#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_fused_classifier");
  constexpr int BLOCK = 64;
  const int B = 4, V = 150, n = B * V;
  Rng rng(9109);
  std::vector<float> logits = rng.vec<float>(n, -3.0, 3.0), losses = rng.vec<float>(B),
                     dlosses = rng.vec<float>(B, 0.2, 1.0);
  std::vector<int> targets = {7, 149, 0, 88};
  const std::vector<float> w = rng.vec<float>(n), wl = rng.vec<float>(B);
  auto loss = [&] {
    DeviceArray<float> d_x(logits), d_l(losses), d_dl(dlosses);
    DeviceArray<int> d_t(targets);
    CUAD_LAUNCH((fused_classifier<BLOCK>), B, BLOCK, d_x.ptr, d_l.ptr, d_dl.ptr, d_t.ptr, V);
    return dot(w, d_x.get()) + dot(wl, d_l.get());
  };
  DeviceArray<float> d_x(logits), d_l(losses), d_dl(dlosses), a_x(w), a_l(wl), a_dl(zeros<float>(B));
  DeviceArray<int> d_t(targets);
  CUAD_GRAD(CUAD_LAUNCH((fused_classifier_grad_0_1_2<BLOCK>), B, BLOCK, d_x.ptr, d_l.ptr, d_dl.ptr, d_t.ptr, V,
                        a_x.ptr, a_l.ptr, a_dl.ptr));
  check.array("logits", a_x.get(), fd(logits, loss));
  check.array("losses", a_l.get(), fd(losses, loss));
  check.array("dlosses", a_dl.get(), fd(dlosses, loss));
  return check.finish();
}
