#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_mcpi");
  const int blocks = 3, spt = 8;
  std::vector<float> theta = {0.9f, 0.6f};
  auto loss = [&] { return (double)mc_expectation(theta.data(), blocks, spt); };
  std::vector<float> at(2, 0.0f);
  CUAD_GRAD(mc_expectation_grad_0(theta.data(), blocks, spt, at.data()));
  check.array("theta", at, fd(theta, loss));
  return check.finish();
}
