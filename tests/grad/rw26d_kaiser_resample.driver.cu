#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_kaiser_resample");
  Rng rng(26415);
  const int n_in = 45, n_out = 27;
  const float ratio = 1.67f, offset = 0.13f;
  for (int i = 0; i < n_out; ++i) {  // no output time near an input sample (sinc's 0/0 and the floor)
    const double t = i * (double)ratio + offset, fr = t - std::floor(t);
    check.expect(fr > 0.02 && fr < 0.98, "output times between input samples");
  }
  std::vector<float> x = rng.vec<float>(n_in, -1, 1), win = {5.0f, 0.85f};
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& ww) {
    DeviceArray<float> d_x(xx), d_y(zeros<float>(n_out));
    CUAD_LAUNCH(resample<KaiserWin>, 1, 32, d_x.ptr, n_in, (KaiserWin{ww[0], ww[1]}), ratio, offset, d_y.ptr, n_out);
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n_out);
  auto loss = [&] { return dot(w, run(x, win)); };
  DeviceArray<float> d_x(x), d_y(zeros<float>(n_out)), g_x(zeros<float>(n_in)), g_y(w);
  DeviceArray<KaiserWin> g_w(std::vector<KaiserWin>{KaiserWin{0.0f, 0.0f}});
  CUAD_GRAD(CUAD_LAUNCH(resample_grad_0_2_5<KaiserWin>, 1, 32, d_x.ptr, n_in, (KaiserWin{win[0], win[1]}), ratio,
                        offset, d_y.ptr, n_out, g_x.ptr, g_w.ptr, g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  const KaiserWin gw = g_w.get()[0];
  check.array("win", std::vector<float>{gw.beta, gw.cutoff}, fd(win, loss));
  check.array("y", g_y.get(), zeros<double>(n_out));
#else
  const std::vector<float> vx = rng.vec<float>(n_in), vw = {0.7f, -0.3f}, vy = rng.vec<float>(n_out);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(win, t, vw))); };
  DeviceArray<float> d_x(x), d_y(zeros<float>(n_out)), t_x(vx), t_y(vy);
  CUAD_GRAD(CUAD_LAUNCH(resample_pushforward_0_2_5<KaiserWin>, 1, 32, d_x.ptr, n_in, (KaiserWin{win[0], win[1]}),
                        ratio, offset, d_y.ptr, n_out, t_x.ptr, (KaiserWin{vw[0], vw[1]}), t_y.ptr));
  check.array("y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
