#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_cheb_clenshaw");
  Rng rng(24013);
  const unsigned ncoef = 7;
  const size_t n = 40;
  const float a = -1.5f, b = 2.5f;
  std::vector<float> coef = rng.vec<float>(ncoef), x = rng.vec<float>(n, -1.4, 2.4), y0 = rng.vec<float>(n);
  for (size_t i = 0; i < n; i += 9) x[i] = (float)rng.uniform(2.7, 3.2);  // outside the domain: the break path
  for (int deriv = 0; deriv < 2; ++deriv) {
    const std::string tag = deriv ? "deriv " : "value ";
    auto run = [&](const std::vector<float>& c, const std::vector<float>& xx, const std::vector<float>& yy) {
      DeviceArray<float> d_c(c), d_x(xx), d_y(yy);
      CUAD_LAUNCH(cheb_eval, 2, 32, d_c.ptr, ncoef, d_x.ptr, d_y.ptr, n, a, b, deriv);
      return d_y.get();
    };
#if CUAD_OUTPUT == 1
    const std::vector<float> w = rng.vec<float>(n);
    std::vector<float> yy = y0;
    auto loss = [&] { return dot(w, run(coef, x, yy)); };
    DeviceArray<float> d_c(coef), d_x(x), d_y(y0), g_c(zeros<float>(ncoef)), g_x(zeros<float>(n)), g_y(w);
    CUAD_GRAD(CUAD_LAUNCH(cheb_eval_grad_0_2_3, 2, 32, d_c.ptr, ncoef, d_x.ptr, d_y.ptr, n, a, b, deriv, g_c.ptr, g_x.ptr,
                          g_y.ptr));
    check.array(tag + "coef", g_c.get(), fd(coef, loss));
    check.array(tag + "x", g_x.get(), fd(x, loss));
    check.array(tag + "y", g_y.get(), fd(yy, loss));
#else
    const std::vector<float> vc = rng.vec<float>(ncoef), vx = rng.vec<float>(n), vy = rng.vec<float>(n);
    auto outputs_at = [&](double t) { return as_doubles(run(along(coef, t, vc), along(x, t, vx), along(y0, t, vy))); };
    DeviceArray<float> d_c(coef), d_x(x), d_y(y0), t_c(vc), t_x(vx), t_y(vy);
    CUAD_GRAD(CUAD_LAUNCH(cheb_eval_pushforward_0_2_3, 2, 32, d_c.ptr, ncoef, d_x.ptr, d_y.ptr, n, a, b, deriv, t_c.ptr,
                          t_x.ptr, t_y.ptr));
    check.array(tag + "y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  }
  return check.finish();
}
