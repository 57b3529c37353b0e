#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_splat");
  Rng rng(23624);
  const int W = 9, H = 7;
  std::vector<float> img = rng.vec<float>(W * H, 0.0, 1.0), flow(2 * W * H);
  for (int i = 0; i < W * H; ++i)
    for (int k = 0; k < 2; ++k) {
      const int base = k == 0 ? i % W : i / W;
      double f;
      do {
        f = rng.uniform(-1.8, 1.8);
        const double s = base + f, fr = s - std::floor(s);
        if (fr > 0.05 && fr < 0.95) break;
      } while (true);
      flow[2 * i + k] = (float)f;
    }
  const std::vector<float> w = rng.vec<float>(W * H);
  auto loss = [&] {
    std::vector<float> o(W * H);
    forward_splat(img.data(), flow.data(), W, H, o.data());
    return dot(w, o);
  };
  std::vector<float> o(W * H, 0.0f), g_i(W * H, 0.0f), g_f(2 * W * H, 0.0f), g_o = w;
  CUAD_GRAD(forward_splat_grad_0_1_4(img.data(), flow.data(), W, H, o.data(), g_i.data(), g_f.data(), g_o.data()));
  check.array("img", g_i, fd(img, loss));
  check.array("flow", g_f, fd(flow, loss));
  check.array("out", g_o, zeros<double>(W * H));
  return check.finish();
}
