#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_bilinear_sample");
  const int w = 7, h = 6, npts = 90;
  Rng rng(43);
  std::vector<float> img = rng.vec<float>(w * h), cf = rng.vec<float>(2 * npts, -1.1, 1.1),
                     out = rng.vec<float>(npts), wt = rng.vec<float>(npts);
  // Keep sample points away from cell edges (floorf kinks).
  for (int i = 0; i < 2 * npts; ++i) {
    const int ext = (i % 2 == 0) ? w - 1 : h - 1;
    const float f = (cf[i] + 1.0f) * 0.5f * ext;
    const float fr = f - std::floor(f);
    if (fr < 0.06f || fr > 0.94f) cf[i] += 0.2f / ext;
  }
  auto pts = [&] {
    std::vector<float2> r(npts);
    for (int i = 0; i < npts; ++i) r[i] = make_float2(cf[2 * i], cf[2 * i + 1]);
    return r;
  };
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_i(img);
    DeviceArray<float2> d_c(pts());
    CUAD_LAUNCH(grid_sample, 2, 64, d_o.ptr, d_i.ptr, d_c.ptr, w, h, npts);
    return dot(wt, d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(img), a_o(wt), a_i(zeros<float>(w * h));
  DeviceArray<float2> d_c(pts()), a_c(std::vector<float2>(npts, make_float2(0.f, 0.f)));
  CUAD_GRAD(CUAD_LAUNCH(grid_sample_grad_0_1_2, 2, 64, d_o.ptr, d_i.ptr, d_c.ptr, w, h, npts, a_o.ptr,
                        a_i.ptr, a_c.ptr));
  std::vector<float> ac;
  for (auto& q : a_c.get()) ac.insert(ac.end(), {q.x, q.y});
  check.array("out", a_o.get(), fd(out, loss));
  check.array("img", a_i.get(), fd(img, loss));
  check.array("coords", ac, fd(cf, loss));
  return check.finish();
}
