#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_biquad_cascade");
  Rng rng(26401);
  const unsigned n_ch = 5, n_samp = 40;
  const int NS = 3;
  // three stable sections: poles at radius r, angle th -> a1 = -2 r cos th, a2 = r^2
  std::vector<float> sos(5 * NS);
  const double rad[NS] = {0.6, 0.75, 0.5}, th[NS] = {0.4, 1.3, 2.2};
  for (int s = 0; s < NS; ++s) {
    sos[5 * s + 0] = (float)rng.uniform(0.3, 0.6);
    sos[5 * s + 1] = (float)rng.uniform(-0.4, 0.4);
    sos[5 * s + 2] = (float)rng.uniform(-0.3, 0.3);
    sos[5 * s + 3] = (float)(-2.0 * rad[s] * std::cos(th[s]));
    sos[5 * s + 4] = (float)(rad[s] * rad[s]);
  }
  std::vector<float> x = rng.vec<float>(n_ch * n_samp, -1.0, 1.0), gain = rng.vec<float>(n_ch, 0.5, 1.5);
  const float preemph = 0.3f;
  auto bq = [](DeviceArray<float>& a) { return reinterpret_cast<Biquad*>(a.ptr); };
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& ss) {
    DeviceArray<float> d_x(xx), d_s(ss), d_g(gain), d_y(zeros<float>(n_ch * n_samp));
    CUAD_LAUNCH(sos_filter<3>, 1, 32, d_x.ptr, bq(d_s), d_g.ptr, d_y.ptr, n_ch, n_samp, preemph);
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n_ch * n_samp);
  auto loss = [&] { return dot(w, run(x, sos)); };
  DeviceArray<float> d_x(x), d_s(sos), d_g(gain), d_y(zeros<float>(n_ch * n_samp)), g_x(zeros<float>(x.size())),
      g_s(zeros<float>(sos.size())), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(sos_filter_grad_0_1_3<3>, 1, 32, d_x.ptr, bq(d_s), d_g.ptr, d_y.ptr, n_ch, n_samp,
                        preemph, g_x.ptr, bq(g_s), g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("sos", g_s.get(), fd(sos, loss));
  check.array("y", g_y.get(), zeros<double>(n_ch * n_samp));
#else
  const std::vector<float> vx = rng.vec<float>(x.size()), vs = rng.vec<float>(sos.size()),
                           vy = rng.vec<float>(n_ch * n_samp);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(sos, t, vs))); };
  DeviceArray<float> d_x(x), d_s(sos), d_g(gain), d_y(zeros<float>(n_ch * n_samp)), t_x(vx), t_s(vs), t_y(vy);
  CUAD_GRAD(CUAD_LAUNCH(sos_filter_pushforward_0_1_3<3>, 1, 32, d_x.ptr, bq(d_s), d_g.ptr, d_y.ptr, n_ch, n_samp,
                        preemph, t_x.ptr, bq(t_s), t_y.ptr));
  check.array("y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("y value", d_y.get(), as_doubles(run(x, sos)));
#endif
#endif
  return check.finish();
}
