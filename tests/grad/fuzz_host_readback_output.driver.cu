#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fuzz_host_readback_output");
  const int n = 45, steps = 3;
  Rng rng(268);
  std::vector<double> x0 = rng.vec(n), out0 = rng.vec(n);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> c_x0 = x0, c_out0 = out0;
    run(n, c_x0.data(), c_out0.data(), steps);
    return dot(w, c_out0);
  };
  std::vector<double> c_x0 = x0, c_out0 = out0;
  std::vector<double> a_x0(n, 0.0), a_out0 = w;
  CUAD_GRAD(run_grad_1_2(n, c_x0.data(), c_out0.data(), steps, a_x0.data(), a_out0.data()));
  check.array("x0", a_x0, fd(x0, loss));
  check.array("out0", a_out0, fd(out0, loss));
#else
  std::vector<double> v_x0 = rng.vec(n), v_out0 = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> c_x0 = along(x0, t, v_x0), c_out0 = along(out0, t, v_out0);
    run(n, c_x0.data(), c_out0.data(), steps);
    return std::vector<double>(c_out0.begin(), c_out0.end());
  };
  std::vector<double> c_x0 = x0, c_out0 = out0, t_x0 = v_x0, t_out0 = v_out0;
  CUAD_GRAD(run_pushforward(n, c_x0.data(), c_out0.data(), steps, t_x0.data(), t_out0.data()));
  check.array("outputs", t_out0, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
