#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_shared_histogram");
  const int n = 200, bins = 16;
  const float lo = -2.0f, inv_width = 4.0f;  // 16 bins of width 0.25 over [-2, 2)
  Rng rng(3115);
  std::vector<float> x = rng.vec<float>(n, -2.5, 2.5), weight = rng.vec<float>(n, 0.2, 1.0),
                     h0 = rng.vec<float>(bins), w = rng.vec<float>(bins);
  // keep samples away from the bin edges (the bin index is a step function of x)
  for (float& v : x) {
    float f = (v - lo) * inv_width;
    if (std::fabs(f - std::round(f)) < 0.05f) v += 0.03f;
  }
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_w(weight), d_h(h0);
    CUAD_LAUNCH(weighted_histogram<16>, 3, 32, d_x.ptr, d_w.ptr, lo, inv_width, d_h.ptr, n);
    return dot(w, d_h.get());
  };
  DeviceArray<float> d_x(x), d_w(weight), d_h(h0), a_x(zeros<float>(n)), a_w(zeros<float>(n)),
      a_h(w);
  CUAD_GRAD(CUAD_LAUNCH(weighted_histogram_grad_0_1_4<16>, 3, 32, d_x.ptr, d_w.ptr, lo, inv_width,
                        d_h.ptr, n, a_x.ptr, a_w.ptr, a_h.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("hist", a_h.get(), fd(h0, loss));
  return check.finish();
}
