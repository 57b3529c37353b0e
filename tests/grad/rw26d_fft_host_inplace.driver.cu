#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_fft_host_inplace");
  Rng rng(26407);
  const int batch = 3, logn = 4, n = 1 << logn, nb = n / 2 + 1;
  std::vector<float> x = rng.vec<float>(batch * n, -1.0, 1.0);
  auto run = [&](const std::vector<float>& xx) {
    std::vector<float> m(batch * nb, 0.0f);
    spectrum_db(xx.data(), m.data(), batch, logn);
    return m;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(batch * nb);
  auto loss = [&] { return dot(w, run(x)); };
  std::vector<float> m(batch * nb, 0.0f), g_x(batch * n, 0.0f), g_m = w;
  CUAD_GRAD(spectrum_db_grad_0_1(x.data(), m.data(), batch, logn, g_x.data(), g_m.data()));
  check.array("x", g_x, fd(x, loss));
  check.array("mag", g_m, zeros<double>(batch * nb));
#else
  const std::vector<float> vx = rng.vec<float>(batch * n), vm = rng.vec<float>(batch * nb);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx))); };
  std::vector<float> m(batch * nb, 0.0f), t_m = vm;
  CUAD_GRAD(spectrum_db_pushforward(x.data(), m.data(), batch, logn, vx.data(), t_m.data()));
  check.array("mag tangent", as_doubles(t_m), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("mag value", m, as_doubles(run(x)));
#endif
#endif
  return check.finish();
}
