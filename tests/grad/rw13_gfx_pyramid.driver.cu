#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_gfx_pyramid");
  const int W = 16, H = 12, L = 3, N = W * H + (W / 2) * (H / 2) + (W / 4) * (H / 4);
  Rng rng(1311);
  std::vector<double> img = rng.vec(W * H, -1.0, 1.0);
  double gain = 1.4;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(N);
  auto loss = [&] {
    std::vector<double> pyr(N);
    build_pyramid(img.data(), W, H, L, gain, pyr.data());
    return dot(w, pyr);
  };
  std::vector<double> ai(W * H, 0.0), pyr(N), ap = w;
  CUAD_GRAD(build_pyramid_grad_0_5(img.data(), W, H, L, gain, pyr.data(), ai.data(), ap.data()));
  check.array("img", ai, fd(img, loss));
#else
  std::vector<double> vi = rng.vec(W * H);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(img, t, vi), pyr(N);
    build_pyramid(xs.data(), W, H, L, gain, pyr.data());
    return pyr;
  };
  std::vector<double> pyr(N), tp(N, 0.0);
  CUAD_GRAD(build_pyramid_pushforward_0_5(img.data(), W, H, L, gain, pyr.data(), vi.data(), tp.data()));
  check.array("pyr tangent", tp, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
