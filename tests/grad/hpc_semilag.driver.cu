#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_semilag");
  const int n = 64;
  const float dt_dx = 1.7f;
  Rng rng(525);
  std::vector<float> q = rng.vec<float>(n), vel = rng.vec<float>(n), qn = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  // keep departure points away from cell faces (fractional part in [0.1, 0.9])
  for (int i = 0; i < n; ++i) {
    float xd = (float)i - dt_dx * vel[i];
    float fr = xd - std::floor(xd);
    if (fr < 0.1f || fr > 0.9f) vel[i] += 0.3f / dt_dx;
  }
  auto loss = [&] {
    DeviceArray<float> d_qn(qn), d_q(q), d_v(vel);
    CUAD_LAUNCH(semi_lagrangian, 2, 32, d_qn.ptr, d_q.ptr, d_v.ptr, dt_dx, n);
    return dot(w, d_qn.get());
  };
  DeviceArray<float> d_qn(qn), d_q(q), d_v(vel), a_qn(w), a_q(zeros<float>(n)), a_v(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(semi_lagrangian_grad_0_1_2, 2, 32, d_qn.ptr, d_q.ptr, d_v.ptr, dt_dx, n, a_qn.ptr,
                        a_q.ptr, a_v.ptr));
  check.array("qn", a_qn.get(), fd(qn, loss));
  check.array("q", a_q.get(), fd(q, loss));
  check.array("vel", a_v.get(), fd(vel, loss));
  return check.finish();
}
