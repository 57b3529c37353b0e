#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24e_min_view_local_array");
  std::vector<double> x = {0.5, -1.5, 2.0, 0.25, 1.25, -0.75};
  const int rounds = 3;
  const double w = 0.7;
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_o(zeros<double>(1));
    CUAD_LAUNCH(k, 1, 1, d_x.ptr, d_o.ptr, rounds);
    return w * d_o.get()[0];
  };
  DeviceArray<double> d_x(x), d_o(zeros<double>(1)), g_x(zeros<double>(x.size())), g_o(std::vector<double>{w});
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 1, d_x.ptr, d_o.ptr, rounds, g_x.ptr, g_o.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("out", g_o.get(), zeros<double>(1));
  return check.finish();
}
