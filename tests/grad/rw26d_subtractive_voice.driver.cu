#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_subtractive_voice");
  Rng rng(26414);
  const int nv = 6, ns = 40;
  const double sr = 100.0;
  const std::vector<int> kind = {0, 1, 2, 1, 2, 0};
  const std::vector<double> freq = {3.3, 7.1, 5.7, 11.3, 9.1, 13.7};
  std::vector<double> cutoff = rng.vec<double>(nv, 0.2, 0.6), reso = rng.vec<double>(nv, 0.4, 1.2),
                      gain = rng.vec<double>(nv, 0.5, 1.5);
  double drive = 1.7;
  std::vector<double> out0 = rng.vec<double>(nv * ns);
  auto run = [&](const std::vector<double>& c, const std::vector<double>& r, double d, const std::vector<double>& g) {
    DeviceArray<int> d_k(kind);
    DeviceArray<double> d_f(freq), d_c(c), d_r(r), d_g(g), d_o(out0);
    CUAD_LAUNCH(render_voices, 1, 32, d_k.ptr, d_f.ptr, d_c.ptr, d_r.ptr, d, d_g.ptr, sr, nv, ns, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(nv * ns);
  auto loss = [&] { return dot(w, run(cutoff, reso, drive, gain)); };
  DeviceArray<int> d_k(kind);
  DeviceArray<double> d_f(freq), d_c(cutoff), d_r(reso), d_g(gain), d_o(out0), g_c(zeros<double>(nv)),
      g_r(zeros<double>(nv)), g_g(zeros<double>(nv)), g_o(w);
  DeviceScalar<double> g_d;
  CUAD_GRAD(CUAD_LAUNCH(render_voices_grad_2_3_4_5_9, 1, 32, d_k.ptr, d_f.ptr, d_c.ptr, d_r.ptr, drive, d_g.ptr, sr, nv,
                        ns, d_o.ptr, g_c.ptr, g_r.ptr, g_d.ptr, g_g.ptr, g_o.ptr));
  check.array("cutoff", g_c.get(), fd(cutoff, loss));
  check.array("reso", g_r.get(), fd(reso, loss));
  check.scalar("drive", g_d.value(), fd(drive, loss));
  check.array("gain", g_g.get(), fd(gain, loss));
  check.array("out", g_o.get(), zeros<double>(nv * ns));
#else
  const std::vector<double> vc = rng.vec<double>(nv), vr = rng.vec<double>(nv), vg = rng.vec<double>(nv),
                            vo = rng.vec<double>(nv * ns);
  const double vd = 0.6;
  auto outputs_at = [&](double t) {
    return run(along(cutoff, t, vc), along(reso, t, vr), along(drive, t, vd), along(gain, t, vg));
  };
  DeviceArray<int> d_k(kind);
  DeviceArray<double> d_f(freq), d_c(cutoff), d_r(reso), d_g(gain), d_o(out0), t_c(vc), t_r(vr), t_g(vg), t_o(vo);
  CUAD_GRAD(CUAD_LAUNCH(render_voices_pushforward_2_3_4_5_9, 1, 32, d_k.ptr, d_f.ptr, d_c.ptr, d_r.ptr, drive, d_g.ptr,
                        sr, nv, ns, d_o.ptr, t_c.ptr, t_r.ptr, vd, t_g.ptr, t_o.ptr));
  check.array("out tangent", t_o.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out value", d_o.get(), run(cutoff, reso, drive, gain));
#endif
#endif
  return check.finish();
}
