#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("types26_lambda_calls_lambda");
  const int n = 10;
  Rng rng(26011);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  auto run = [&](const std::vector<double>& xv) {
    DeviceArray<double> d_x(xv), d_o(zeros<double>(n));
    CUAD_LAUNCH(k, 1, 32, d_x.ptr, d_o.ptr, n);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<double> d_x(x), d_o(zeros<double>(n)), g_x(zeros<double>(n)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 32, d_x.ptr, d_o.ptr, n, g_x.ptr, g_o.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("out", g_o.get(), zeros<double>(n));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<double> d_x(x), d_o(zeros<double>(n)), t_x(vx), t_o(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 32, d_x.ptr, d_o.ptr, n, t_x.ptr, t_o.ptr));
  check.array("out tangent", t_o.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out value", d_o.get(), run(x));
#endif
#endif
  return check.finish();
}
