#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_ctor_body");
  const int n = 40;
  Rng rng(4101);
  std::vector<double> pos = rng.vec(6 * n, -1.0, 1.0), vpos = rng.vec(6 * n);
  for (int i = 0; i < n; ++i) pos[6 * i + 3] += 2.5;  // segments far from zero length
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dp(pos), de(zeros<double>(n));
    CUAD_LAUNCH(step, 2, 32, dp.ptr, de.ptr, n);
    return dot(w, de.get());
  };
  DeviceArray<double> dp(pos), d_p(zeros<double>(6 * n)), de(zeros<double>(n)), d_e(w);
  CUAD_GRAD(CUAD_LAUNCH(step_grad_0_1, 2, 32, dp.ptr, de.ptr, n, d_p.ptr, d_e.ptr));
  check.array("pos", d_p.get(), fd(pos, loss));
  check.array("energy (only written)", d_e.get(), std::vector<double>(n, 0.0));
#else
  auto outputs_at = [&](double t) {
    DeviceArray<double> dp(along(pos, t, vpos)), de(zeros<double>(n));
    CUAD_LAUNCH(step, 2, 32, dp.ptr, de.ptr, n);
    return de.get();
  };
  DeviceArray<double> dp(pos), d_p(vpos), de(zeros<double>(n)), d_e(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(step_pushforward, 2, 32, dp.ptr, de.ptr, n, d_p.ptr, d_e.ptr));
  check.array("energy", d_e.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
