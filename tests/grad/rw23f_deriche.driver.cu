#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_deriche");
  Rng rng(23612);
  const int W = 19, H = 6;
  std::vector<double> in = rng.vec<double>(W * H, 0.0, 1.0);
  double sigma = 2.3;
  const std::vector<double> w = rng.vec<double>(W * H);
  auto run = [&]() {
    DeviceArray<double> d_i(in), d_o(zeros<double>(W * H));
    CUAD_LAUNCH(deriche_rows, 2, 4, d_i.ptr, d_o.ptr, W, H, sigma);
    return d_o.get();
  };
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<double> d_i(in), d_o(zeros<double>(W * H)), g_i(zeros<double>(W * H)), g_o(w);
  DeviceScalar<double> g_s(0.0);
  CUAD_GRAD(CUAD_LAUNCH(deriche_rows_grad_0_1_4, 2, 4, d_i.ptr, d_o.ptr, W, H, sigma, g_i.ptr, g_o.ptr, g_s.ptr));
  check.array("in", g_i.get(), fd(in, loss));
  check.scalar("sigma", g_s.value(), fd(sigma, loss));
  check.array("out", g_o.get(), zeros<double>(W * H));
  return check.finish();
}
