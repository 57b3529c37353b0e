#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_wrt_subset");
#if CUAD_OUTPUT == 1
  const int n = 45;
  Rng rng(29);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n), out0 = rng.vec(n), vout = rng.vec(n);
  const double a = 1.4;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(along(out0, t, vout));
    CUAD_LAUNCH(k, 1, 64, n, dx.ptr, a, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), d_x(vx), dout(out0), d_out(vout);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward_1_3, 1, 64, n, dx.ptr, a, dout.ptr, d_x.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#else
  double u = 0.6, v = -0.8, w = 1.2, vv = 1.0;
  auto outputs_at = [&](double t) { return std::vector<double>{g(u, along(v, t, vv), w)}; };
  double tangent = 0;
  CUAD_GRAD(tangent = g_pushforward_1(u, v, w, vv).pushforward);
  check.array("g", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
