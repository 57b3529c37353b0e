#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_warp_segments");
  const int n = 150, warps = (n + 31) / 32;
  Rng rng(316);
  // positive inputs: the ballot count stays away from its jumps
  std::vector<float> x = rng.vec<float>(n, 0.1, 1.0), vx = rng.vec<float>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dy(zeros<float>(n)), dm(zeros<float>(warps));
    CUAD_LAUNCH(seg_scan, 3, 64, n, dx.ptr, dy.ptr, dm.ptr);
    std::vector<double> out = as_doubles(dy.get());
    for (float m : dm.get()) out.push_back(m);
    return out;
  };
  DeviceArray<float> dx(x), d_x(vx), dy(zeros<float>(n)), d_y(zeros<float>(n)), dm(zeros<float>(warps)),
      d_m(zeros<float>(warps));
  CUAD_GRAD(CUAD_LAUNCH(seg_scan_pushforward, 3, 64, n, dx.ptr, dy.ptr, dm.ptr, d_x.ptr, d_y.ptr, d_m.ptr));
  std::vector<double> got = as_doubles(d_y.get());
  for (float m : d_m.get()) got.push_back(m);
  check.array("y, wmax", got, directional_fd<float>(outputs_at), default_tol<float>());
  return check.finish();
}
