#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_dyn_radius");
  Rng rng(23626);
  const int W = 17, H = 4;
  std::vector<double> img = rng.vec<double>(W * H, 0.0, 1.0), sigma(W * H);
  for (auto& s : sigma) {
    double v;
    do {
      v = rng.uniform(0.05, 2.4);
      // away from the floor at 0.3 and from radius steps (3 s integer)
    } while (std::fabs(v - 0.3) < 0.02 || std::fabs(3 * v - std::round(3 * v)) < 0.03);
    s = v;
  }
  const std::vector<double> w = rng.vec<double>(W * H);
  const dim3 grid(2, H);
  auto loss = [&] {
    DeviceArray<double> d_i(img), d_s(sigma), d_o(zeros<double>(W * H));
    CUAD_LAUNCH(gauss_rows_adaptive, grid, 16, d_i.ptr, d_s.ptr, W, H, d_o.ptr);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_i(img), d_s(sigma), d_o(zeros<double>(W * H)), g_i(zeros<double>(W * H)),
      g_s(zeros<double>(W * H)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(gauss_rows_adaptive_grad_0_1_4, grid, 16, d_i.ptr, d_s.ptr, W, H, d_o.ptr, g_i.ptr, g_s.ptr,
                        g_o.ptr));
  check.array("img", g_i.get(), fd(img, loss));
  check.array("sigma", g_s.get(), fd(sigma, loss));
  check.array("out", g_o.get(), zeros<double>(W * H));
  return check.finish();
}
