#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("nested_helper_store_load");
  Rng rng(2501);
  const int n = 24;
  std::vector<double> u = rng.vec<double>(5 * n, 0.2, 0.6);
  for (int i = 0; i < n; ++i) {
    u[5 * i] = 1.0 + u[5 * i];      // density
    u[5 * i + 4] = 4.0 + u[5 * i + 4];  // energy well above the kinetic part
  }
  const std::vector<double> wv = rng.vec<double>(3 * n), wo = rng.vec<double>(n);
#if CUAD_OUTPUT == 1
  {
    auto loss = [&] {
      DeviceArray<double> d_u(u), d_v(zeros<double>(3 * n)), d_o(zeros<double>(n));
      CUAD_LAUNCH(cells, 1, 32, d_u.ptr, d_v.ptr, d_o.ptr, n);
      return dot(wv, d_v.get()) + dot(wo, d_o.get());
    };
    DeviceArray<double> d_u(u), d_v(zeros<double>(3 * n)), d_o(zeros<double>(n));
    DeviceArray<double> g_u(zeros<double>(5 * n)), g_v(wv), g_o(wo);
    CUAD_GRAD(CUAD_LAUNCH(cells_grad_0_1_2, 1, 32, d_u.ptr, d_v.ptr, d_o.ptr, n, g_u.ptr, g_v.ptr,
                          g_o.ptr));
    check.array("u (global vel)", g_u.get(), fd(u, loss));
  }
#else
  {
    auto loss = [&] {
      DeviceArray<double> d_u(u), d_o(zeros<double>(n));
      CUAD_LAUNCH(cells_local, 1, 32, d_u.ptr, d_o.ptr, n);
      return dot(wo, d_o.get());
    };
    DeviceArray<double> d_u(u), d_o(zeros<double>(n)), g_u(zeros<double>(5 * n)), g_o(wo);
    CUAD_GRAD(CUAD_LAUNCH(cells_local_grad_0_1, 1, 32, d_u.ptr, d_o.ptr, n, g_u.ptr, g_o.ptr));
    check.array("u (local vel)", g_u.get(), fd(u, loss));
  }
#endif
  return check.finish();
}
