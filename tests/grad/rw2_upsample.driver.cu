#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_upsample");
  const int NC = 3, IH = 4, IW = 5, OH = 7, OW = 9, ni = NC * IH * IW, no = NC * OH * OW;
  Rng rng(218);
  std::vector<float> in = rng.vec<float>(ni), out = rng.vec<float>(no), w = rng.vec<float>(no);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_i(in);
    CUAD_LAUNCH(upsample_bilinear2d, 2, 64, d_o.ptr, d_i.ptr, NC, IH, IW, OH, OW);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(in), a_o(w), a_i(zeros<float>(ni));
  CUAD_GRAD(CUAD_LAUNCH(upsample_bilinear2d_grad_0_1, 2, 64, d_o.ptr, d_i.ptr, NC, IH, IW, OH, OW,
                        a_o.ptr, a_i.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("in", a_i.get(), fd(in, loss));
  return check.finish();
}
