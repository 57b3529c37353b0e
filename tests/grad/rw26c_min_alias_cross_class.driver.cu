#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_min_alias_cross_class");
  const int n = 10;
  Rng rng(29701);
  std::vector<double> x(2 * n), w = rng.vec(n);
  for (int i = 0; i < n; ++i) {
    x[2 * i] = rng.uniform(500.3, 500.6);  // reach = len (1 + cos q) close to 1000
    x[2 * i + 1] = rng.uniform(0.001, 0.01);
  }
#if CUAD_OUTPUT == 1
#define KERNEL k
#else
#define KERNEL k_vec
#endif
  auto run = [&](const std::vector<double>& xv) {
    DeviceArray<double> d_x(xv), d_o(zeros<double>(n));
    CUAD_LAUNCH(KERNEL, 1, 32, n, d_x.ptr, d_o.ptr);
    return d_o.get();
  };
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<double> d_x(x), d_o(zeros<double>(n)), g_x(zeros<double>(2 * n)), g_o(w);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2, 1, 32, n, d_x.ptr, d_o.ptr, g_x.ptr, g_o.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(k_vec_grad_1_2, 1, 32, n, d_x.ptr, d_o.ptr, g_x.ptr, g_o.ptr));
#endif
  check.array("x", g_x.get(), fd(x, loss));
  check.array("out", g_o.get(), zeros<double>(n));
  return check.finish();
}
