#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_fv_limiter");
  const int n = 64;
  const double dtdx = 0.3;
  Rng rng(9104);
  std::vector<double> q(n), qn0 = rng.vec(n), w = rng.vec(n);
  for (int i = 0; i < n; ++i) q[i] = 0.4 * std::sin(6.283185307179586 * i / n) + 0.15 * rng.uniform(-1, 1) + 0.05;
  // Stay off kinks: no tiny differences, |ul| != |ur| checked loosely by distinct values.
  for (int i = 0; i < n; ++i) {
    double d = q[(i + 1) % n] - q[i];
    if (std::fabs(d) < 1e-3) q[(i + 1) % n] += 3e-3;
  }
  for (int lim = 0; lim < 2; ++lim) {
    auto loss = [&] {
      DeviceArray<double> dqn(qn0), dq(q);
      CUAD_LAUNCH(burgers_muscl, n / 32, 32, dqn.ptr, dq.ptr, dtdx, lim, n);
      return dot(w, dqn.get());
    };
    DeviceArray<double> dqn(qn0), dq(q), aqn(w), aq(zeros<double>(n));
    CUAD_GRAD(CUAD_LAUNCH(burgers_muscl_grad_0_1, n / 32, 32, dqn.ptr, dq.ptr, dtdx, lim, n, aqn.ptr, aq.ptr));
    std::string L = lim ? "vanleer." : "minmod.";
    check.array(L + "qn", aqn.get(), fd(qn0, loss));
    check.array(L + "q", aq.get(), fd(q, loss));
  }
  return check.finish();
}
