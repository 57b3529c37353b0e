#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_min_free_compound_ops");
  Rng rng(24905);
  const int n = 6;
  std::vector<double> g = rng.vec(3 * n), damp = rng.vec(n, 0.5, 1.0), x = rng.vec(3 * n);
  auto d3 = [](DeviceArray<double>& a) { return reinterpret_cast<double3*>(a.ptr); };
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] {
    DeviceArray<double> d_g(g), d_dm(damp), d_x(x);
    CUAD_LAUNCH(relax_step, 1, 8, d3(d_g), d_dm.ptr, d3(d_x), n);
    return dot(w, d_x.get());
  };
  DeviceArray<double> d_g(g), d_dm(damp), d_x(x), g_g(zeros<double>(3 * n)), g_dm(zeros<double>(n)), g_x(w);
  CUAD_GRAD(CUAD_LAUNCH(relax_step_grad_0_1_2, 1, 8, d3(d_g), d_dm.ptr, d3(d_x), n, d3(g_g), g_dm.ptr, d3(g_x)));
  check.array("g", g_g.get(), fd(g, loss));
  check.array("damp", g_dm.get(), fd(damp, loss));
  check.array("x", g_x.get(), fd(x, loss));
  return check.finish();
}
