#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_pbd_decltype");
  const int n_ropes = 20, substeps = 2;
  const double dt = 0.04, rest = 0.1, ground = -0.45;
  Rng rng(29501);
  std::vector<double> pos(2 * NP * n_ropes), vel = rng.vec(2 * NP * n_ropes, -0.3, 0.3),
                                             im = rng.vec(NP, 0.5, 2.0), anchor = rng.vec(2 * n_ropes, -0.2, 0.2);
  for (int r = 0; r < n_ropes; ++r)
    for (int i = 0; i < NP; ++i) {
      pos[2 * (r * NP + i)] = anchor[2 * r] + 0.09 * i * std::sin(0.3 * r + 0.2) + rng.uniform(-0.004, 0.004);
      pos[2 * (r * NP + i) + 1] = anchor[2 * r + 1] - 0.09 * i * std::cos(0.3 * r + 0.2) + rng.uniform(-0.004, 0.004);
    }
  auto pp = [](DeviceArray<double>& a) { return reinterpret_cast<Particle*>(a.ptr); };
  auto run = [&](const std::vector<double>& pv, const std::vector<double>& vv, const std::vector<double>& mv,
                 const std::vector<double>& av) {
    DeviceArray<double> d_p(pv), d_v(vv), d_m(mv), d_a(av);
    CUAD_LAUNCH(pbd_rope_step, 1, 32, n_ropes, substeps, dt, rest, ground, pp(d_p), pp(d_v), d_m.ptr, pp(d_a));
    std::vector<double> out = d_p.get(), v = d_v.get();
    out.insert(out.end(), v.begin(), v.end());
    return out;
  };
  const size_t np = pos.size();
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(2 * np);
  auto loss = [&] { return dot(w, run(pos, vel, im, anchor)); };
  DeviceArray<double> d_p(pos), d_v(vel), d_m(im), d_a(anchor), g_p(std::vector<double>(w.begin(), w.begin() + np)),
      g_v(std::vector<double>(w.begin() + np, w.end())), g_m(zeros<double>(NP)), g_a(zeros<double>(anchor.size()));
  CUAD_GRAD(CUAD_LAUNCH(pbd_rope_step_grad_5_6_7_8, 1, 32, n_ropes, substeps, dt, rest, ground, pp(d_p), pp(d_v), d_m.ptr,
                        pp(d_a), pp(g_p), pp(g_v), g_m.ptr, pp(g_a)));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.array("vel", g_v.get(), fd(vel, loss));
  check.array("inv_mass", g_m.get(), fd(im, loss));
  check.array("anchor", g_a.get(), fd(anchor, loss));
#else
  std::vector<double> vp = rng.vec(np, -0.05, 0.05), vv = rng.vec(np), vm = rng.vec(NP, -0.2, 0.2),
                      va = rng.vec(anchor.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(pos, t, vp), along(vel, t, vv), along(im, t, vm), along(anchor, t, va)); };
  DeviceArray<double> d_p(pos), d_v(vel), d_m(im), d_a(anchor), t_p(vp), t_v(vv), t_m(vm), t_a(va);
  CUAD_GRAD(CUAD_LAUNCH(pbd_rope_step_pushforward_5_6_7_8, 1, 32, n_ropes, substeps, dt, rest, ground, pp(d_p), pp(d_v),
                        d_m.ptr, pp(d_a), pp(t_p), pp(t_v), t_m.ptr, pp(t_a)));
  std::vector<double> got = t_p.get(), tv = t_v.get();
  got.insert(got.end(), tv.begin(), tv.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
