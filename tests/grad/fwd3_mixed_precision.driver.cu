#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_mixed_precision");
  const int rows = 40, cols = 6;
  Rng rng(318);
  std::vector<double> x = rng.vec(rows * cols), vx = rng.vec(rows * cols);
  std::vector<float> w = rng.vec<float>(cols), vw = rng.vec<float>(cols);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx));
    DeviceArray<float> dw(along(w, t, vw)), dy(zeros<float>(rows)), dz(zeros<float>(rows));
    CUAD_LAUNCH(mix, 2, 32, rows, cols, dx.ptr, dw.ptr, dy.ptr, dz.ptr);
    std::vector<double> out = as_doubles(dy.get());
    for (float v : dz.get()) out.push_back(v);
    return out;
  };
  DeviceArray<double> dx(x), d_x(vx);
  DeviceArray<float> dw(w), d_w(vw), dy(zeros<float>(rows)), d_y(zeros<float>(rows)), dz(zeros<float>(rows)),
      d_z(zeros<float>(rows));
  CUAD_GRAD(CUAD_LAUNCH(mix_pushforward, 2, 32, rows, cols, dx.ptr, dw.ptr, dy.ptr, dz.ptr, d_x.ptr, d_w.ptr,
                        d_y.ptr, d_z.ptr));
  std::vector<double> got = as_doubles(d_y.get());
  for (float v : d_z.get()) got.push_back(v);
  check.array("y, z", got, directional_fd<float>(outputs_at), default_tol<float>());
  return check.finish();
}
