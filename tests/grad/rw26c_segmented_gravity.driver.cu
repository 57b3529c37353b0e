#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_segmented_gravity");
  const int n_arms = 13, blocks = 2;  // 8 arms per block of 64; the second block has 5
  const double g = 9.81;
  Rng rng(28901);
  std::vector<double> q = rng.vec(n_arms * SEG, -1.0, 1.0), mass = rng.vec(SEG, 0.2, 1.5), len = rng.vec(SEG, 0.1, 0.3),
                      base = rng.vec(n_arms);
  DeviceArray<double> d_b(base);
  auto run = [&](const std::vector<double>& qv, const std::vector<double>& mv, const std::vector<double>& lv) {
    DeviceArray<double> d_q(qv), d_m(mv), d_l(lv), d_t(zeros<double>(n_arms * SEG)), d_e(zeros<double>(blocks));
    CUAD_LAUNCH(gravity_torques, blocks, BLOCK, n_arms, d_q.ptr, d_m.ptr, d_l.ptr, d_b.ptr, g, d_t.ptr, d_e.ptr);
    std::vector<double> out = d_t.get(), e = d_e.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
  const size_t nt = n_arms * SEG;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(nt + blocks);
  auto loss = [&] { return dot(w, run(q, mass, len)); };
  DeviceArray<double> d_q(q), d_m(mass), d_l(len), d_t(zeros<double>(nt)), d_e(zeros<double>(blocks)),
      g_q(zeros<double>(nt)), g_m(zeros<double>(SEG)), g_l(zeros<double>(SEG)),
      g_t(std::vector<double>(w.begin(), w.begin() + nt)), g_e(std::vector<double>(w.begin() + nt, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(gravity_torques_grad_1_2_3_6_7, blocks, BLOCK, n_arms, d_q.ptr, d_m.ptr, d_l.ptr, d_b.ptr, g,
                        d_t.ptr, d_e.ptr, g_q.ptr, g_m.ptr, g_l.ptr, g_t.ptr, g_e.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("mass", g_m.get(), fd(mass, loss));
  check.array("len", g_l.get(), fd(len, loss));
  check.array("tau", g_t.get(), zeros<double>(nt));
  check.array("block_energy", g_e.get(), zeros<double>(blocks));
#else
  std::vector<double> vq = rng.vec(nt), vm = rng.vec(SEG), vl = rng.vec(SEG, -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(q, t, vq), along(mass, t, vm), along(len, t, vl)); };
  DeviceArray<double> d_q(q), d_m(mass), d_l(len), d_t(zeros<double>(nt)), d_e(zeros<double>(blocks)), t_q(vq),
      t_m(vm), t_l(vl), t_t(zeros<double>(nt)), t_e(zeros<double>(blocks));
  CUAD_GRAD(CUAD_LAUNCH(gravity_torques_pushforward_1_2_3_6_7, blocks, BLOCK, n_arms, d_q.ptr, d_m.ptr, d_l.ptr,
                        d_b.ptr, g, d_t.ptr, d_e.ptr, t_q.ptr, t_m.ptr, t_l.ptr, t_t.ptr, t_e.ptr));
  std::vector<double> got = t_t.get(), te = t_e.get();
  got.insert(got.end(), te.begin(), te.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
