#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_block_scan");
  Rng rng(904);
  const int n = 80, blocks = 3, threads = 32;
  std::vector<double> x = rng.vec(n), y = rng.vec(n);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_y(y);
    CUAD_LAUNCH(scan_features, blocks, threads, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_x(x), d_y(y), a_x(zeros<double>(n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(scan_features_grad_0_1, blocks, threads, d_x.ptr, d_y.ptr, n, a_x.ptr,
                        a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
#else
  std::vector<double> v_x = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, v_x)), d_y(y);
    CUAD_LAUNCH(scan_features, blocks, threads, d_x.ptr, d_y.ptr, n);
    return d_y.get();
  };
  DeviceArray<double> d_x(x), d_y(y), t_x(v_x), t_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(scan_features_pushforward, blocks, threads, d_x.ptr, d_y.ptr, n,
                        t_x.ptr, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
