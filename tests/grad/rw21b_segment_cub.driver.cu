#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_segment_cub");
  // segments: long (block path, several items per thread), empty, short (warp path), one item,
  // exactly 32 (warp path), 33 (block path)
  const std::vector<int> offsets = {0, 300, 300, 317, 318, 350, 383};
  const int segs = (int)offsets.size() - 1, n = offsets.back();
  const float eps = 1e-4f;
  Rng rng(21006);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), y = rng.vec<float>(n),
                     mean = rng.vec<float>(segs), norm = rng.vec<float>(segs),
                     w = rng.vec<float>(n), wm = rng.vec<float>(segs), wn = rng.vec<float>(segs);
  DeviceArray<int> d_off(offsets);
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(y), dm(mean), dn(norm);
    CUAD_LAUNCH(segment_center_norm<128>, segs, 128, dx.ptr, d_off.ptr, dy.ptr, dm.ptr, dn.ptr,
                eps);
    return dot(w, dy.get()) + dot(wm, dm.get()) + dot(wn, dn.get());
  };
  DeviceArray<float> dx(x), dy(y), dm(mean), dn(norm), a_x(zeros<float>(n)), a_y(w), a_m(wm),
      a_n(wn);
  CUAD_GRAD(CUAD_LAUNCH(segment_center_norm_grad_0_2_3_4<128>, segs, 128, dx.ptr, d_off.ptr,
                        dy.ptr, dm.ptr, dn.ptr, eps, a_x.ptr, a_y.ptr, a_m.ptr, a_n.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("seg_mean", a_m.get(), fd(mean, loss));
  check.array("seg_norm", a_n.get(), fd(norm, loss));
  return check.finish();
}
