#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("modern_2d");
  const int w = 13, h = 7;
  const dim3 grid(2, 2), block(8, 4);
  Rng rng(101);
  std::vector<float> out = rng.vec<float>(w * h), in = rng.vec<float>(w * h), wt = rng.vec<float>(w * h);
  float gain = 0.8f;
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_in(in);
    CUAD_LAUNCH(k2d, grid, block, d_out.ptr, d_in.ptr, w, h, gain);
    return dot(wt, d_out.get());
  };
  DeviceArray<float> d_out(out), d_in(in), a_out(wt), a_in(zeros<float>(w * h));
  DeviceScalar<float> a_gain;
  CUAD_GRAD(CUAD_LAUNCH(k2d_grad_0_1_4, grid, block, d_out.ptr, d_in.ptr, w, h, gain, a_out.ptr,
                        a_in.ptr, a_gain.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("gain", a_gain.value(), fd(gain, loss));
  return check.finish();
}
