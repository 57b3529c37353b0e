#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_act_poly_templates");
  Rng rng(200209);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const int in = 6, out = 12, batch = 10;
  const dim3 block(8, 8), grid((out + 7) / 8, (batch + 7) / 8);
  std::vector<float> W = rng.vec<float>(out * in, -0.6, 0.6), b = rng.vec<float>(out, -0.3, 0.3),
                     x = rng.vec<float>(batch * in, -1.0, 1.0);
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(batch * out);
  auto loss = [&] {
    DeviceArray<float> dW(W), db(b), dx(x), dy(batch * out, 0.0f);
    CUAD_LAUNCH((dense_act<float, Gelu<float>>), grid, block, dW.ptr, db.ptr, dx.ptr, dy.ptr, in,
                out, batch);
    return dot(w, dy.get());
  };
  DeviceArray<float> dW(W), db(b), dx(x), dy(batch * out, 0.0f), aW(zeros<float>(out * in)),
      ab(zeros<float>(out)), ax(zeros<float>(batch * in)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH((dense_act_grad_0_1_2_3<float, Gelu<float>>), grid, block, dW.ptr, db.ptr,
                        dx.ptr, dy.ptr, in, out, batch, aW.ptr, ab.ptr, ax.ptr, ay.ptr));
  check.array("W", aW.get(), fd(W, loss));
  check.array("b", ab.get(), fd(b, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), std::vector<double>(batch * out, 0.0));
#else
  const std::vector<float> vW = rng.vec<float>(out * in), vb = rng.vec<float>(out),
                           vx = rng.vec<float>(batch * in);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dW(along(W, t, vW)), db(along(b, t, vb)), dx(along(x, t, vx)),
        dy(batch * out, 0.0f);
    CUAD_LAUNCH((dense_act<float, Gelu<float>>), grid, block, dW.ptr, db.ptr, dx.ptr, dy.ptr, in,
                out, batch);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dW(W), db(b), dx(x), dy(batch * out, 0.0f), tW(vW), tb(vb), tx(vx),
      ty(batch * out, 0.0f);
  CUAD_GRAD(CUAD_LAUNCH((dense_act_pushforward<float, Gelu<float>>), grid, block, dW.ptr, db.ptr,
                        dx.ptr, dy.ptr, in, out, batch, tW.ptr, tb.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<float>(outputs_at));
#endif
#else
  const int n = 180, channels = 5, N = 4;
  std::vector<float> coef = rng.vec<float>(channels * N, -0.8, 0.8),
                     x = rng.vec<float>(n, -1.5, 1.5);
#if CUAD_OUTPUT == 3
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
#endif
  return check.finish();
}
