#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_host_trajectory");
  const int n = 70, steps = 5, total = (steps + 1) * n;
  const float dt = 0.1f;
  Rng rng(3122);
  std::vector<float> x0 = rng.vec<float>(n, -2.0, 2.0), params = {0.9f, 0.4f},
                     w = rng.vec<float>(total);
  auto loss = [&] {
    std::vector<float> traj(total);
    simulate(x0.data(), params.data(), traj.data(), dt, n, steps);
    return dot(w, traj);
  };
  std::vector<float> traj(total), a_x0(n, 0.f), a_p(2, 0.f), a_t = w;
  CUAD_GRAD(simulate_grad_0_1_2(x0.data(), params.data(), traj.data(), dt, n, steps, a_x0.data(),
                                a_p.data(), a_t.data()));
  check.array("x0", a_x0, fd(x0, loss));
  check.array("params", a_p, fd(params, loss));
  check.array("traj", a_t, std::vector<double>(total, 0.0));
  return check.finish();
}
