#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_min_lambda_nttp");
  const int n = 10;
  Rng rng(27401);
  std::vector<double> u = rng.vec(3 * n), w = rng.vec(n);
  auto run = [&](const std::vector<double>& uv) {
    DeviceArray<double> d_u(uv), d_o(zeros<double>(n));
    CUAD_LAUNCH(k, 1, 32, n, d_u.ptr, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(u)); };
  DeviceArray<double> d_u(u), d_o(zeros<double>(n)), g_u(zeros<double>(3 * n)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2, 1, 32, n, d_u.ptr, d_o.ptr, g_u.ptr, g_o.ptr));
  check.array("u", g_u.get(), fd(u, loss));
  check.array("out", g_o.get(), zeros<double>(n));
#else
  std::vector<double> vu = rng.vec(3 * n);
  auto outputs_at = [&](double t) { return run(along(u, t, vu)); };
  DeviceArray<double> d_u(u), d_o(zeros<double>(n)), t_u(vu), t_o(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 32, n, d_u.ptr, d_o.ptr, t_u.ptr, t_o.ptr));
  check.array("out tangent", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
