#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25e_pyr_lk_flat");
  Rng rng(25508);
  const int W = 17, H = 13, n = W * H, iters = 3;  // odd sizes: levels 17x13, 9x7, 5x4
  // a smooth textured frame and the same frame moved by (0.8, -0.5), plus noise
  auto scene = [](double x, double y) {
    return std::sin(0.55 * x) * std::cos(0.45 * y) + 0.5 * std::sin(0.3 * x + 0.4 * y);
  };
  std::vector<double> I0(n), I1(n);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      I0[y * W + x] = scene(x, y) + 0.02 * rng.uniform(-1, 1);
      I1[y * W + x] = scene(x - 0.8, y + 0.5) + 0.02 * rng.uniform(-1, 1);
    }
  const std::vector<double> wu = rng.vec(n), wv = rng.vec(n);
  std::vector<double> u0 = rng.vec(n), v0 = rng.vec(n);  // overwritten: only written by the function
  auto loss = [&] {
    std::vector<double> u = u0, v = v0;
    pyramidal_lk(I0.data(), I1.data(), u.data(), v.data(), W, H, iters);
    return dot(wu, u) + dot(wv, v);
  };
  {
    std::vector<double> u = u0, v = v0;
    pyramidal_lk(I0.data(), I1.data(), u.data(), v.data(), W, H, iters);
    double mu = 0, mv = 0;
    for (int i = 0; i < n; ++i) mu += u[i] / n, mv += v[i] / n;
    std::printf("mean flow (%.3f, %.3f)\n", mu, mv);
  }
  std::vector<double> u = u0, v = v0, g0(n, 0.0), g1(n, 0.0), gu = wu, gv = wv;
  CUAD_GRAD(pyramidal_lk_grad_0_1_2_3(I0.data(), I1.data(), u.data(), v.data(), W, H, iters, g0.data(), g1.data(),
                                      gu.data(), gv.data()));
  check.array("I0", g0, fd(I0, loss));
  check.array("I1", g1, fd(I1, loss));
  check.array("u (only written)", gu, fd(u0, loss));
  check.array("v (only written)", gv, fd(v0, loss));
  return check.finish();
}
