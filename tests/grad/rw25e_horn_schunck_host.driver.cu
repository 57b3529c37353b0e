#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25e_horn_schunck_host");
  Rng rng(25503);
  const int W = 11, H = 9, n = W * H, iters = 6;  // 2 x 2 blocks of 8 x 8, partly filled
  double alpha = 0.7;
  // smooth frames: a blob moved by a small shift, plus noise
  std::vector<double> I0(n), I1(n);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      const double dx0 = x - 5.0, dy0 = y - 4.0, dx1 = x - 5.4, dy1 = y - 3.8;
      I0[y * W + x] = std::exp(-0.08 * (dx0 * dx0 + dy0 * dy0)) + 0.05 * rng.uniform(-1, 1);
      I1[y * W + x] = std::exp(-0.08 * (dx1 * dx1 + dy1 * dy1)) + 0.05 * rng.uniform(-1, 1);
    }
  std::vector<double> u = rng.vec(n, -0.2, 0.2), v = rng.vec(n, -0.2, 0.2);
  const std::vector<double> wu = rng.vec(n), wv = rng.vec(n);
  const double we = 0.8;
  auto loss = [&] {
    std::vector<double> uc = u, vc = v;
    const double e = horn_schunck_flow(I0.data(), I1.data(), uc.data(), vc.data(), W, H, alpha, iters);
    return we * e + dot(wu, uc) + dot(wv, vc);
  };
  std::vector<double> uc = u, vc = v, gI0(n, 0.0), gI1(n, 0.0), gu = wu, gv = wv;
  double galpha = 0.0;
  // the returned energy's adjoint is 1: scale the seeds instead by using a loss / we form
  // (the gradient accumulates d(return)/d(param) with seed 1), so check we * d(e) + w . out
  // by scaling the output seeds by 1 / we and the results by we.
  for (auto& x : gu) x /= we;
  for (auto& x : gv) x /= we;
  CUAD_GRAD(horn_schunck_flow_grad_0_1_2_3_6(I0.data(), I1.data(), uc.data(), vc.data(), W, H, alpha, iters,
                                             gI0.data(), gI1.data(), gu.data(), gv.data(), &galpha));
  auto scaled = [&](std::vector<double> g) {
    for (auto& x : g) x *= we;
    return g;
  };
  check.array("I0", scaled(gI0), fd(I0, loss));
  check.array("I1", scaled(gI1), fd(I1, loss));
  check.array("u", scaled(gu), fd(u, loss));
  check.array("v", scaled(gv), fd(v, loss));
  check.scalar("alpha", we * galpha, fd(alpha, loss));
  return check.finish();
}
