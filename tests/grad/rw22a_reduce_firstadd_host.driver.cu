#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_reduce_firstadd_host");
  const int n = 150;  // 2 blocks of 128 elements, the last with 22
  Rng rng(22105);
  std::vector<float> pred = rng.vec<float>(n, -0.6, 0.6), target = rng.vec<float>(n, -0.3, 0.3),
                     weight = rng.vec<float>(n, 0.3, 1.2);
  auto loss = [&] { return (double)logcosh_loss(pred.data(), target.data(), weight.data(), n); };
  std::vector<float> ap(n, 0.0f), at(n, 0.0f), aw(n, 0.0f);
  CUAD_GRAD(logcosh_loss_grad_0_1_2(pred.data(), target.data(), weight.data(), n, ap.data(), at.data(),
                              aw.data()));
  // The loss is a mean: scale it by n so the adjoints are O(1) against the float tolerance.
  auto scaled = [&] { return n * loss(); };
  for (auto* v : {&ap, &at, &aw})
    for (auto& g : *v) g *= n;
  check.array("pred", ap, fd(pred, scaled));
  check.array("target", at, fd(target, scaled));
  check.array("weight", aw, fd(weight, scaled));
  return check.finish();
}
