#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_warp_scan_ballot");
  const int n = 96;
  Rng rng(3123);
  std::vector<float> x = rng.vec<float>(n), gate = rng.vec<float>(n), w = rng.vec<float>(n);
  // keep inputs away from 0 (the ballot's sign test) and warp totals away from 0 (fabsf)
  for (float& v : x)
    if (std::fabs(v) < 0.02f) v = 0.1f;
  for (int wb = 0; wb < n / 32; ++wb) {
    float t = 0;
    for (int l = 0; l < 32; ++l) t += x[wb * 32 + l];
    if (std::fabs(t) < 0.2f) x[wb * 32] += 0.5f;
  }
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_g(gate), d_y(n, 0.f);
    CUAD_LAUNCH(warp_cumsum_gate, 3, 32, d_x.ptr, d_g.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_g(gate), d_y(n, 0.f), a_x(zeros<float>(n)), a_g(zeros<float>(n)),
      a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(warp_cumsum_gate_grad_0_1_2, 3, 32, d_x.ptr, d_g.ptr, d_y.ptr, n, a_x.ptr,
                        a_g.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gate", a_g.get(), fd(gate, loss));
  check.array("y", a_y.get(), std::vector<double>(n, 0.0));
  return check.finish();
}
