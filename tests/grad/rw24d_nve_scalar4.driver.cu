#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_nve_scalar4");
  Rng rng(24112);
  const int n = 10, nsteps = 10;
  const double dt = 0.05;
  std::vector<double> pos(4 * n), vel(4 * n);
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < 3; ++c) pos[4 * i + c] = rng.uniform(-1, 1), vel[4 * i + c] = rng.uniform(-0.5, 0.5);
    pos[4 * i + 3] = (i % 2 ? 1.0 : -1.0) * rng.uniform(0.5, 1.0);  // charge
    vel[4 * i + 3] = rng.uniform(1.0, 2.0);                          // mass
  }
  std::vector<double> E = {0.3, -0.2, 0.5}, e0 = {0.25};
  double k_trap = 1.2;
  auto d4 = [](DeviceArray<double>& a) { return reinterpret_cast<double4*>(a.ptr); };
  auto run = [&](const std::vector<double>& p, const std::vector<double>& v, const std::vector<double>& Ef, double k,
                 const std::vector<double>& ein) {
    DeviceArray<double> d_p(p), d_v(v), d_e(ein);
    CUAD_LAUNCH(nve_field_steps, 2, 8, n, d4(d_p), d4(d_v), make_double3(Ef[0], Ef[1], Ef[2]), k, dt, nsteps, d_e.ptr);
    std::vector<double> out = d_p.get(), vo = d_v.get();
    out.insert(out.end(), vo.begin(), vo.end());
    out.push_back(d_e.get()[0]);
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(8 * n + 1);
  auto loss = [&] { return dot(w, run(pos, vel, E, k_trap, e0)); };
  const std::vector<double> wp(w.begin(), w.begin() + 4 * n), wv(w.begin() + 4 * n, w.begin() + 8 * n);
  DeviceArray<double> d_p(pos), d_v(vel), d_e(e0), g_p(wp), g_v(wv), g_E(zeros<double>(3)), g_e(std::vector<double>{w.back()});
  DeviceScalar<double> g_k;
  CUAD_GRAD(CUAD_LAUNCH(nve_field_steps_grad_1_2_3_4_7, 2, 8, n, d4(d_p), d4(d_v), make_double3(E[0], E[1], E[2]), k_trap,
                        dt, nsteps, d_e.ptr, d4(g_p), d4(g_v), reinterpret_cast<double3*>(g_E.ptr), g_k.ptr, g_e.ptr));
  check.array("pos (xyz, charge)", g_p.get(), fd(pos, loss));
  check.array("vel (xyz, mass)", g_v.get(), fd(vel, loss));
  check.array("E_field", g_E.get(), fd(E, loss));
  check.scalar("k_trap", g_k.value(), fd(k_trap, loss));
  check.array("pe", g_e.get(), fd(e0, loss));
#else
  const std::vector<double> vp = rng.vec(4 * n), vv = rng.vec(4 * n), vE = rng.vec(3), ve = rng.vec(1);
  const double vk = 0.4;
  auto outputs_at = [&](double t) {
    return run(along(pos, t, vp), along(vel, t, vv), along(E, t, vE), along(k_trap, t, vk), along(e0, t, ve));
  };
  DeviceArray<double> d_p(pos), d_v(vel), d_e(e0), t_p(vp), t_v(vv), t_e(ve);
  CUAD_GRAD(CUAD_LAUNCH(nve_field_steps_pushforward_1_2_3_4_7, 2, 8, n, d4(d_p), d4(d_v), make_double3(E[0], E[1], E[2]),
                        k_trap, dt, nsteps, d_e.ptr, d4(t_p), d4(t_v), make_double3(vE[0], vE[1], vE[2]), vk, t_e.ptr));
  std::vector<double> tan = t_p.get(), tv = t_v.get();
  tan.insert(tan.end(), tv.begin(), tv.end());
  tan.push_back(t_e.get()[0]);
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
