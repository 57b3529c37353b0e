#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw7_lut_persistent");
  const int n = 77, channels = 3;
  Rng rng(7010);
  std::vector<float> lut = rng.vec<float>(9), x(n), gain = rng.vec<float>(channels, 0.5, 1.5),
                     y = rng.vec<float>(n), w = rng.vec<float>(n);
  // inside the cells, away from their edges (the interpolation has kinks there)
  for (int i = 0; i < n; ++i) x[i] = ((i * 5) % 8 + 0.2f + 0.6f * ((i * 13) % 10) / 10.f) / 8.f;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> out(n);
    apply_lut(lut.data(), x.data(), gain.data(), out.data(), n, channels);
    return dot(w, out);
  };
  std::vector<float> a_x = zeros<float>(n), a_g = zeros<float>(channels), a_y = w;
  CUAD_GRAD(apply_lut_grad_1_2_3(lut.data(), x.data(), gain.data(), y.data(), n, channels,
                                 a_x.data(), a_g.data(), a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("gain", a_g, fd(gain, loss));
  check.array("y", a_y, fd(y, loss));
#else
  std::vector<float> vx = rng.vec<float>(n), vg = rng.vec<float>(channels);
  auto outputs_at = [&](double t) {
    std::vector<float> out(n);
    apply_lut(lut.data(), along(x, t, vx).data(), along(gain, t, vg).data(), out.data(), n,
              channels);
    return as_doubles(out);
  };
  std::vector<float> t_y = zeros<float>(n);
  CUAD_GRAD(apply_lut_pushforward_1_2_3(lut.data(), x.data(), gain.data(), y.data(), n, channels,
                                        vx.data(), vg.data(), t_y.data()));
  check.array("y", as_doubles(t_y), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
