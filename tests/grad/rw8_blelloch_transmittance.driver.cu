#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw8_blelloch_transmittance");
  const int rays = 3, samples = 50;  // 64 scan slots, 14 of them padding
  const float delta = 0.05f;
  Rng rng(1234);
  std::vector<float> sigma = rng.vec<float>(rays * samples, 0.0, 3.0),
                     color = rng.vec<float>(rays * samples, 0.0, 1.0),
                     out0 = zeros<float>(rays * samples);
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(rays * samples);
  auto loss = [&] {
    DeviceArray<float> ds(sigma), dc(color), dout(out0);
    CUAD_LAUNCH(ray_transmittance<64>, rays, 32, ds.ptr, dc.ptr, delta, samples, dout.ptr);
    return dot(wo, dout.get());
  };
  DeviceArray<float> ds(sigma), dc(color), dout(out0), as(zeros<float>(rays * samples)),
      ac(zeros<float>(rays * samples)), aout(wo);
  CUAD_GRAD(CUAD_LAUNCH(ray_transmittance_grad_0_1_4<64>, rays, 32, ds.ptr, dc.ptr, delta, samples,
                        dout.ptr, as.ptr, ac.ptr, aout.ptr));
  check.array("sigma", as.get(), fd(sigma, loss));
  check.array("color", ac.get(), fd(color, loss));
  check.array("out", aout.get(), fd(out0, loss));
#else
  const std::vector<float> vs = rng.vec<float>(rays * samples), vc = rng.vec<float>(rays * samples),
                           vo = rng.vec<float>(rays * samples);
  auto outputs_at = [&](double t) {
    DeviceArray<float> ds(along(sigma, t, vs)), dc(along(color, t, vc)), dout(out0);
    CUAD_LAUNCH(ray_transmittance<64>, rays, 32, ds.ptr, dc.ptr, delta, samples, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<float> ds(sigma), dc(color), dout(out0), ts(vs), tc(vc), tout(vo);
  CUAD_GRAD(CUAD_LAUNCH(ray_transmittance_pushforward_0_1_4<64>, rays, 32, ds.ptr, dc.ptr, delta,
                        samples, dout.ptr, ts.ptr, tc.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
