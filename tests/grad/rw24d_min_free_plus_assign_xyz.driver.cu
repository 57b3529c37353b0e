#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_min_free_plus_assign_xyz");
  Rng rng(24904);
  const int n = 6;
  std::vector<double> d = rng.vec(4 * n), p = rng.vec(4 * n);
  auto d4 = [](DeviceArray<double>& a) { return reinterpret_cast<double4*>(a.ptr); };
  const std::vector<double> w = rng.vec(4 * n);
  auto loss = [&] {
    DeviceArray<double> d_d(d), d_p(p);
    CUAD_LAUNCH(shift_xyz, 1, 8, d4(d_d), d4(d_p), n);
    return dot(w, d_p.get());
  };
  DeviceArray<double> d_d(d), d_p(p), g_d(zeros<double>(4 * n)), g_p(w);
  CUAD_GRAD(CUAD_LAUNCH(shift_xyz_grad_0_1, 1, 8, d4(d_d), d4(d_p), n, d4(g_d), d4(g_p)));
  check.array("d", g_d.get(), fd(d, loss));
  check.array("p", g_p.get(), fd(p, loss));
  return check.finish();
}
