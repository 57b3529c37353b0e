#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_rowptr_sharpen");
  Rng rng(24011);
  const int h = 9, w = 8, n = h * w;
  std::vector<float> img = rng.vec<float>(n, 0.0, 1.0), out0 = rng.vec<float>(n);
  float amount = 0.7f;
  const std::vector<float> wt = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& im, float a) {
    DeviceArray<float> d_i(im), d_o(out0);
    CUAD_LAUNCH(sharpen_rows, 2, 8, d_i.ptr, d_o.ptr, h, w, a);
    return d_o.get();
  };
  auto loss = [&] { return dot(wt, run(img, amount)); };
  DeviceArray<float> d_i(img), d_o(out0), g_i(zeros<float>(n)), g_o(wt);
  DeviceScalar<float> g_a(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(sharpen_rows_grad_0_1_4, 2, 8, d_i.ptr, d_o.ptr, h, w, amount, g_i.ptr, g_o.ptr, g_a.ptr));
  // interior pixels are written (adjoint consumed); the border keeps its seed
  std::vector<double> go(n);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) go[y * w + x] = (y >= 1 && y < h - 1 && x >= 1 && x < w - 1) ? 0.0 : wt[y * w + x];
  std::vector<float> o = out0;
  check.array("img", g_i.get(), fd(img, loss));
  check.scalar("amount", g_a.value(), fd(amount, loss));
  check.array("out", g_o.get(), go);
  return check.finish();
}
