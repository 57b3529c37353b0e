#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_fv_flux");
  const int n = 64;
  Rng rng(507);
  std::vector<double> q(n), qn = rng.vec(n), w = rng.vec(n);
  // Smooth-ish profile plus noise; slopes well away from ties.
  for (int i = 0; i < n; ++i) q[i] = sin(0.3 * i) + 0.37 * cos(1.7 * i) + 0.05 * rng.uniform(-1, 1);
  double a = 0.7, dtdx = 0.4;
  auto loss = [&] {
    DeviceArray<double> d_qn(qn), d_q(q);
    CUAD_LAUNCH(fv_update, 2, 32, d_qn.ptr, d_q.ptr, a, dtdx, n);
    return dot(w, d_qn.get());
  };
  DeviceArray<double> d_qn(qn), d_q(q), a_qn(w), a_q(zeros<double>(n));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(fv_update_grad_0_1_2, 2, 32, d_qn.ptr, d_q.ptr, a, dtdx, n, a_qn.ptr,
                        a_q.ptr, a_a.ptr));
  check.array("qn", a_qn.get(), fd(qn, loss));
  check.array("q", a_q.get(), fd(q, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  return check.finish();
}
