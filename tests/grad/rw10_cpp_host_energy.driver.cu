#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_cpp_host_energy");
  const int n = 90;
  Rng rng(1006);
  std::vector<float> pos(2 * n);
  for (int i = 0; i < n; ++i) {
    pos[2 * i] = (i % 2 ? 0.6f : -0.6f) + (float)rng.uniform(-0.1, 0.1);  // zigzag: |x| < 1
    pos[2 * i + 1] = (float)rng.uniform(-0.3, 0.3);
  }
  float stiffness = 0.8f;
  auto loss = [&] { return (double)md::total_energy(pos.data(), stiffness, n); };
  std::vector<float> a_pos(2 * n, 0.0f);
  float a_k = 0.0f;
  CUAD_GRAD(md::total_energy_grad_0_1(pos.data(), stiffness, n, a_pos.data(), &a_k));
  check.array("pos", a_pos, fd(pos, loss));
  check.scalar("stiffness", a_k, fd(stiffness, loss));
  return check.finish();
}
