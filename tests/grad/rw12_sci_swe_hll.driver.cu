#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_swe_hll");
  const int n = 96;  // three blocks of 32
  double g = 9.81;
  const double dt_dx = 0.02;
  Rng rng(1203);
  std::vector<double> h(n), hu(n);
  // a smooth dam-break-like profile with subcritical flow to the right
  for (int i = 0; i < n; ++i) {
    const double x = (i + 0.5) / n;
    h[i] = 1.0 + 0.4 * std::sin(2 * M_PI * x) + 0.05 * rng.uniform(-1, 1);
    hu[i] = h[i] * (0.6 + 0.3 * std::cos(4 * M_PI * x) + 0.05 * rng.uniform(-1, 1));
  }
  std::vector<double> hn0 = rng.vec(n), hun0 = rng.vec(n), wh = rng.vec(n), wm = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dh(h), dhu(hu), dhn(hn0), dhun(hun0);
    CUAD_LAUNCH(swe_step<32>, n / 32, 32, dh.ptr, dhu.ptr, dhn.ptr, dhun.ptr, g, dt_dx, n);
    return dot(wh, dhn.get()) + dot(wm, dhun.get());
  };
  DeviceArray<double> dh(h), dhu(hu), dhn(hn0), dhun(hun0), ah(zeros<double>(n)),
      ahu(zeros<double>(n)), ahn(wh), ahun(wm);
  DeviceScalar<double> ag(0.0);
  CUAD_GRAD(CUAD_LAUNCH((swe_step_grad_0_1_2_3_4<32>), n / 32, 32, dh.ptr, dhu.ptr, dhn.ptr,
                        dhun.ptr, g, dt_dx, n, ah.ptr, ahu.ptr, ahn.ptr, ahun.ptr, ag.ptr));
  check.array("h", ah.get(), fd(h, loss));
  check.array("hu", ahu.get(), fd(hu, loss));
  check.array("hn", ahn.get(), std::vector<double>(n, 0.0));
  check.array("hun", ahun.get(), std::vector<double>(n, 0.0));
  check.scalar("g", ag.value(), fd(g, loss));
  return check.finish();
}
