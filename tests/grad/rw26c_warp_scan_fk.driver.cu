#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_warp_scan_fk");
  const int n_robots = 3;  // 96 threads: 2 blocks of 64, the last warp idle
  const double gravity = 9.81;
  Rng rng(26801);
  std::vector<double> q = rng.vec(n_robots * NJ, -0.3, 0.3), len = rng.vec(NJ, 0.05, 0.15),
                      mass = rng.vec(NJ, 0.1, 0.5), targets = rng.vec(3 * n_robots, -1.0, 1.0);
  std::vector<int> types(NJ);
  for (int j = 0; j < NJ; ++j) types[j] = (j % 5 == 4) ? JOINT_SLIDE : (j % 2 ? JOINT_PITCH : JOINT_YAW);
  DeviceArray<int> d_ty(types);
  auto run = [&](const std::vector<double>& qv, const std::vector<double>& lv, const std::vector<double>& mv,
                 const std::vector<double>& tv) {
    DeviceArray<double> d_q(qv), d_l(lv), d_m(mv), d_t(tv), d_p(zeros<double>(3 * NJ * n_robots)),
        d_e(zeros<double>(n_robots));
    CUAD_LAUNCH(snake_fk_scan, 2, 64, n_robots, d_q.ptr, d_ty.ptr, d_l.ptr, d_m.ptr, d_t.ptr, gravity, d_p.ptr,
                d_e.ptr);
    std::vector<double> out = d_p.get(), e = d_e.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
  const size_t np = 3 * NJ * n_robots;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(np + n_robots);
  auto loss = [&] { return dot(w, run(q, len, mass, targets)); };
  DeviceArray<double> d_q(q), d_l(len), d_m(mass), d_t(targets), d_p(zeros<double>(np)), d_e(zeros<double>(n_robots));
  DeviceArray<double> g_q(zeros<double>(q.size())), g_l(zeros<double>(NJ)), g_m(zeros<double>(NJ)),
      g_t(zeros<double>(targets.size())), g_p(std::vector<double>(w.begin(), w.begin() + np)),
      g_e(std::vector<double>(w.begin() + np, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(snake_fk_scan_grad_1_3_4_5_7_8, 2, 64, n_robots, d_q.ptr, d_ty.ptr, d_l.ptr, d_m.ptr,
                        d_t.ptr, gravity, d_p.ptr, d_e.ptr, g_q.ptr, g_l.ptr, g_m.ptr, g_t.ptr, g_p.ptr, g_e.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("link_len", g_l.get(), fd(len, loss));
  check.array("link_mass", g_m.get(), fd(mass, loss));
  check.array("targets", g_t.get(), fd(targets, loss));
  check.array("link_pos", g_p.get(), zeros<double>(np));
  check.array("energy", g_e.get(), zeros<double>(n_robots));
#else
  std::vector<double> vq = rng.vec(q.size()), vl = rng.vec(NJ, -0.1, 0.1), vm = rng.vec(NJ);
  auto outputs_at = [&](double t) { return run(along(q, t, vq), along(len, t, vl), along(mass, t, vm), targets); };
  DeviceArray<double> d_q(q), d_l(len), d_m(mass), d_t(targets), d_p(zeros<double>(np)), d_e(zeros<double>(n_robots));
  DeviceArray<double> t_q(vq), t_l(vl), t_m(vm), t_p(zeros<double>(np)), t_e(zeros<double>(n_robots));
  CUAD_GRAD(CUAD_LAUNCH(snake_fk_scan_pushforward_1_3_4_7_8, 2, 64, n_robots, d_q.ptr, d_ty.ptr, d_l.ptr, d_m.ptr,
                        d_t.ptr, gravity, d_p.ptr, d_e.ptr, t_q.ptr, t_l.ptr, t_m.ptr, t_p.ptr, t_e.ptr));
  std::vector<double> got = t_p.get(), te = t_e.get();
  got.insert(got.end(), te.begin(), te.end());
  check.array("link_pos+energy tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
