#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("loop_effects_continue");
  Rng rng(220501);
  const int n = 20, steps = 12;
  const float dt = 0.3f;
  std::vector<float> sigma = rng.vec<float>(n * steps, -0.2, 1.5), out = rng.vec<float>(n, 0.5, 1.0);
  // Keep samples away from the skip threshold so finite differences stay on one branch.
  for (float& v : sigma)
    if (std::fabs(v - 0.05f) < 0.03f) v += 0.1f;
  std::vector<float> w = rng.vec<float>(steps, -1.0, 1.0);
  for (float& v : w)
    if (std::fabs(v + 0.9f) < 0.05f) v += 0.2f;
#if CUAD_OUTPUT == 1
  const std::vector<float> seed = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> ds(sigma), dw(w), dout(out);
    CUAD_LAUNCH(march, 1, 32, ds.ptr, dw.ptr, dt, n, steps, dout.ptr);
    return dot(seed, dout.get());
  };
  DeviceArray<float> ds(sigma), dw(w), dout(out), as(zeros<float>(n * steps)), aout(seed);
  CUAD_GRAD(CUAD_LAUNCH(march_grad_0_5, 1, 32, ds.ptr, dw.ptr, dt, n, steps, dout.ptr, as.ptr,
                        aout.ptr));
  check.array("sigma", as.get(), fd(sigma, loss));
  check.array("out", aout.get(), fd(out, loss));
#else
  const std::vector<float> vs = rng.vec<float>(n * steps), vw = rng.vec<float>(steps),
                           vo = rng.vec<float>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> ds(along(sigma, t, vs)), dw(along(w, t, vw)), dout(along(out, t, vo));
    CUAD_LAUNCH(march, 1, 32, ds.ptr, dw.ptr, dt, n, steps, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<float> ds(sigma), dw(w), dout(out), ts(vs), tw(vw), tout(vo);
  float tdt = 0.0f;
  CUAD_GRAD(CUAD_LAUNCH(march_pushforward, 1, 32, ds.ptr, dw.ptr, dt, n, steps, dout.ptr, ts.ptr,
                        tw.ptr, tdt, tout.ptr));
  check.array("out", tout.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
