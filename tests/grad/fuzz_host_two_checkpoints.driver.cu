#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fuzz_host_two_checkpoints");
  const int n = 40, steps = 3;
  Rng rng(3);
  std::vector<double> x0 = rng.vec(n), y = rng.vec(n);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> c_x0 = x0, c_y = y;
    run(n, c_y.data(), c_x0.data(), steps);
    return dot(w, c_y);
  };
  std::vector<double> c_x0 = x0, c_y = y;
  std::vector<double> a_x0(n, 0.0), a_y = w;
  CUAD_GRAD(run_grad_1_2(n, c_y.data(), c_x0.data(), steps, a_y.data(), a_x0.data()));
  check.array("x0", a_x0, fd(x0, loss));
  check.array("y", a_y, fd(y, loss));
#else
  std::vector<double> v_x0 = rng.vec(n), v_y = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> c_x0 = along(x0, t, v_x0), c_y = along(y, t, v_y);
    run(n, c_y.data(), c_x0.data(), steps);
    return std::vector<double>(c_y.begin(), c_y.end());
  };
  std::vector<double> c_x0 = x0, c_y = y, t_x0 = v_x0, t_y = v_y;
  CUAD_GRAD(run_pushforward(n, c_y.data(), c_x0.data(), steps, t_y.data(), t_x0.data()));
  check.array("outputs", t_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
