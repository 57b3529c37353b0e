#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ref_out_param");
  const int n = 70;
  Rng rng(9);
  std::vector<double> rt = rng.vec(2 * n, 0.2, 2.0), xy = rng.vec(2 * n), w = rng.vec(2 * n);
  auto loss = [&] {
    DeviceArray<double> d_xy(xy), d_rt(rt);
    CUAD_LAUNCH(to_cartesian, 2, 64, d_xy.ptr, d_rt.ptr, n);
    return dot(w, d_xy.get());
  };
  DeviceArray<double> d_xy(xy), d_rt(rt), a_xy(w), a_rt(zeros<double>(2 * n));
  CUAD_GRAD(CUAD_LAUNCH(to_cartesian_grad_0_1, 2, 64, d_xy.ptr, d_rt.ptr, n, a_xy.ptr, a_rt.ptr));
  check.array("xy", a_xy.get(), fd(xy, loss));
  check.array("rt", a_rt.get(), fd(rt, loss));
  return check.finish();
}
