#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_shade");
  const int w = 13, h = 6, N = w * h;  // 2 x 2 blocks, partial on both axes
  Rng rng(1308);
  // base colors and weights: the saturate argument stays in (0.1, 0.85)
  std::vector<float> rgb = rng.vec<float>(3 * N, 0.05, 0.6), nrm = rng.vec<float>(3 * N, -1.0, 1.0),
                     light = {0.4f, -0.7f, 0.6f, 0.15f}, wgt = rng.vec<float>(3 * N);
  for (int i = 0; i < N; ++i) nrm[3 * i + 2] = 1.0f + 0.5f * std::fabs(nrm[3 * i + 2]);
  dim3 block(BX, BY), grid((w + BX - 1) / BX, (h + BY - 1) / BY);
  auto loss = [&] {
    DeviceArray<float> dr(rgb), dn(nrm), dl(light);
    CUAD_LAUNCH(shadeNormals, grid, block, dr.ptr, dn.ptr, dl.ptr, w, h);
    return dot(wgt, dr.get());
  };
  DeviceArray<float> dr(rgb), dn(nrm), dl(light), ar(wgt), an(zeros<float>(3 * N)),
      al(zeros<float>(4));
  CUAD_GRAD(CUAD_LAUNCH(shadeNormals_grad_0_1_2, grid, block, dr.ptr, dn.ptr, dl.ptr, w, h, ar.ptr,
                        an.ptr, al.ptr));
  check.array("rgb", ar.get(), fd(rgb, loss));
  check.array("normals", an.get(), fd(nrm, loss));
  check.array("light", al.get(), fd(light, loss));
  return check.finish();
}
