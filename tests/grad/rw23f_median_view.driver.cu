#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_median_view");
  Rng rng(23611);
  const int W = 9, H = 7, S = 12;  // row stride larger than the width
  std::vector<float> img(S * H, 0.0f);
  // distinct values on a coarse grid plus jitter, so no two pixels are within FD reach
  std::vector<int> perm(W * H);
  for (int i = 0; i < W * H; ++i) perm[i] = i;
  for (int i = W * H - 1; i > 0; --i) std::swap(perm[i], perm[(int)rng.uniform(0.0, i + 0.999)]);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) img[y * S + x] = 0.05f + 0.0125f * perm[y * W + x] + (float)rng.uniform(0.0, 0.002);
  float amount = 0.7f;
  const dim3 block(4, 4), grid((W + 3) / 4, (H + 3) / 4);
  const std::vector<float> w = rng.vec<float>(W * H);
  auto run = [&]() {
    DeviceArray<float> d_s(img), d_d(zeros<float>(W * H));
    ImageView v{d_s.ptr, W, H, S};
    CUAD_LAUNCH(median3x3_unsharp, grid, block, v, amount, d_d.ptr, W);
    return d_d.get();
  };
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<float> d_s(img), d_d(zeros<float>(W * H)), g_s(zeros<float>(S * H)), g_d(w);
  DeviceScalar<float> g_a(0.0f);
  ImageView v{d_s.ptr, W, H, S};
  ImageView gv{g_s.ptr, W, H, S};
  DeviceArray<ImageView> g_v(std::vector<ImageView>{gv});
  CUAD_GRAD(CUAD_LAUNCH(median3x3_unsharp_grad_0_1_2, grid, block, v, amount, d_d.ptr, W, g_v.ptr, g_a.ptr,
                        g_d.ptr));
  // the padding columns are never read: their fd is zero
  check.array("src", g_s.get(), fd(img, loss));
  check.scalar("amount", g_a.value(), fd(amount, loss));
  check.array("dst", g_d.get(), zeros<double>(W * H));
  return check.finish();
}
