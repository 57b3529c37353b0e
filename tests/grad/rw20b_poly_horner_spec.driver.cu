#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_poly_horner_spec");
  Rng rng(200209);
  const int n = 180, channels = 5, N = 4;
  std::vector<float> coef = rng.vec<float>(channels * N, -0.8, 0.8),
                     x = rng.vec<float>(n, -1.5, 1.5);
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dc(coef), dx(x), dy(n, 0.0f);
    CUAD_LAUNCH((poly_features<float, 4>), 2, 64, dc.ptr, dx.ptr, dy.ptr, n, channels);
    return dot(w, dy.get());
  };
  DeviceArray<float> dc(coef), dx(x), dy(n, 0.0f), ac(zeros<float>(channels * N)),
      ax(zeros<float>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH((poly_features_grad_0_1_2<float, 4>), 2, 64, dc.ptr, dx.ptr, dy.ptr, n,
                        channels, ac.ptr, ax.ptr, ay.ptr));
  check.array("coef", ac.get(), fd(coef, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), std::vector<double>(n, 0.0));
#else
  const std::vector<float> vc = rng.vec<float>(channels * N), vx = rng.vec<float>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dc(along(coef, t, vc)), dx(along(x, t, vx)), dy(n, 0.0f);
    CUAD_LAUNCH((poly_features<float, 4>), 2, 64, dc.ptr, dx.ptr, dy.ptr, n, channels);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dc(coef), dx(x), dy(n, 0.0f), tc(vc), tx(vx), ty(n, 0.0f);
  CUAD_GRAD(CUAD_LAUNCH((poly_features_pushforward<float, 4>), 2, 64, dc.ptr, dx.ptr, dy.ptr, n,
                        channels, tc.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
