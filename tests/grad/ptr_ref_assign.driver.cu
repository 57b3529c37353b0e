#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_ref_assign");
  const int n = 5, block = 4;
  const int grid = (n + block - 1) / block;
  double s = 1.3;
  Rng rng(12);
  std::vector<double> x = rng.vec(2 * n), y = rng.vec(2 * n);
  std::vector<double> vx = rng.vec(x.size()), vy = rng.vec(y.size());
  const double vs = 0.6;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(along(y, t, vy));
    CUAD_LAUNCH(k, grid, block, dx.ptr, dy.ptr, along(s, t, vs), n);
    std::vector<double> r = dx.get(), r2 = dy.get();
    r.insert(r.end(), r2.begin(), r2.end());
    return r;
  };
  DeviceArray<double> dx(x), dy(y), tx(vx), ty(vy);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, grid, block, dx.ptr, dy.ptr, s, n, tx.ptr, ty.ptr, vs));
  std::vector<double> t = tx.get(), t2 = ty.get();
  t.insert(t.end(), t2.begin(), t2.end());
  check.array("x+y", t, directional_fd<double>(outputs_at));
  return check.finish();
}
