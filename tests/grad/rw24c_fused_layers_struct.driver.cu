#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_fused_layers_struct");
  Rng rng(24320);
  const int T = 7, L = 3, n = T * WIDTH, per = WIDTH + WIDTH * WIDTH + WIDTH;
  std::vector<float> x = rng.vec<float>(n), params = rng.vec<float>(L * per, -0.5, 0.5), y = rng.vec<float>(n);
  for (int l = 0; l < L; ++l)
    for (int i = 0; i < WIDTH; ++i) params[l * per + i] = (float)rng.uniform(0.7, 1.3);
  auto make_model = [&](float* base) {
    Model m{};
    for (int l = 0; l < L; ++l) {
      float* p = base + l * per;
      m.layers[l] = LayerW{p, p + WIDTH, p + WIDTH + WIDTH * WIDTH};
    }
    m.n_layers = L;
    m.eps = 1e-5f;
    return m;
  };
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& pv) {
    DeviceArray<float> dx(xv), dp(pv), dy(y);
    CUAD_LAUNCH(fused_token_mlp, 1, 32, dx.ptr, make_model(dp.ptr), dy.ptr, T);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x, params)); };
  DeviceArray<float> dx(x), dp(params), dy(y), gx(zeros<float>(n)), gp(zeros<float>(L * per)), gy(w);
  // the model's adjoint: the same struct pointing at the adjoint buffer, in device memory
  Model gm = make_model(gp.ptr);
  gm.eps = 0.0f;
  DeviceArray<Model> dgm(std::vector<Model>{gm});
  CUAD_GRAD(CUAD_LAUNCH(fused_token_mlp_grad_0_1_2, 1, 32, dx.ptr, make_model(dp.ptr), dy.ptr, T, gx.ptr, dgm.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("params", gp.get(), fd(params, loss));
  check.array("y", gy.get(), zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(n), vp = rng.vec<float>(L * per);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(params, t, vp))); };
  DeviceArray<float> dx(x), dp(params), dy(y), tx(vx), tp(vp), ty(zeros<float>(n));
  Model tm = make_model(tp.ptr);
  tm.eps = 0.0f;
  CUAD_GRAD(CUAD_LAUNCH(fused_token_mlp_pushforward, 1, 32, dx.ptr, make_model(dp.ptr), dy.ptr, T, tx.ptr, tm, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
