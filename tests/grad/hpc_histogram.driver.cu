#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_histogram");
  const int n = 100, nbins = 7;
  Rng rng(506);
  std::vector<int> key(n);
  for (int i = 0; i < n; ++i) key[i] = (i * 13 + 3) % 50;
  std::vector<float> w = rng.vec<float>(n), hist = rng.vec<float>(nbins), wt = rng.vec<float>(nbins);
  float scale = 0.8f;
  DeviceArray<int> d_key(key);
  auto loss = [&] {
    DeviceArray<float> d_h(hist), d_w(w);
    CUAD_LAUNCH(weighted_hist, 4, 32, d_h.ptr, d_key.ptr, d_w.ptr, scale, nbins, n);
    return dot(wt, d_h.get());
  };
  DeviceArray<float> d_h(hist), d_w(w), a_h(wt), a_w(zeros<float>(n));
  DeviceScalar<float> a_s;
  CUAD_GRAD(CUAD_LAUNCH(weighted_hist_grad_0_2_3, 4, 32, d_h.ptr, d_key.ptr, d_w.ptr, scale, nbins,
                        n, a_h.ptr, a_w.ptr, a_s.ptr));
  check.array("hist", a_h.get(), fd(hist, loss));
  check.array("w", a_w.get(), fd(w, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
  return check.finish();
}
