#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_redblack_inplace");
  Rng rng(23628);
  const int W = 9, H = 7, sweeps = 3;
  std::vector<double> img = rng.vec<double>(W * H, -1.0, 1.0);
  double alpha = 0.6;
  const std::vector<double> w = rng.vec<double>(W * H);
  auto loss = [&] {
    std::vector<double> u = img;
    smooth_inplace(u.data(), W, H, alpha, sweeps);
    return dot(w, u);
  };
  std::vector<double> u = img, g_u = w;
  double g_a = 0.0;
  CUAD_GRAD(smooth_inplace_grad_0_3(u.data(), W, H, alpha, sweeps, g_u.data(), &g_a));
  check.array("img", g_u, fd(img, loss));
  check.scalar("alpha", g_a, fd(alpha, loss));
  return check.finish();
}
