#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_to_array_host");
  const int n = 4;
  Rng rng(8);
  std::vector<double> x = rng.vec(n * M);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return energy(x.data(), n); };
  std::vector<double> ax(n * M, 0.0);
  CUAD_GRAD(energy_grad_0(x.data(), n, ax.data()));
  check.array("x", ax, fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n * M);
  auto outputs_at = [&](double s) {
    std::vector<double> xs = along(x, s, vx);
    return std::vector<double>{energy(xs.data(), n)};
  };
  auto r = energy_pushforward(x.data(), n, vx.data());
  check.scalar("value", r.value, energy(x.data(), n));
  check.array("e", std::vector<double>{r.pushforward}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
