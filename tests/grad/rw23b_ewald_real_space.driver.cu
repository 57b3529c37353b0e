#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_ewald_real_space");
  Rng rng(23206);
  const int n = 24;
  const double L = 4.0, rc = 1.9;
  double alpha = 1.3;
  // random ions with a minimum distance, no pair near the cutoff or the box half-width
  std::vector<double> pos;
  auto mi = [&](double d) { return d - L * std::floor(d / L + 0.5); };
  while ((int)pos.size() < 3 * n) {
    double p[3] = {rng.uniform(0, L), rng.uniform(0, L), rng.uniform(0, L)};
    bool ok = true;
    for (size_t j = 0; j < pos.size() / 3; ++j) {
      double r2 = 0;
      for (int k = 0; k < 3; ++k) {
        const double d = mi(p[k] - pos[3 * j + k]);
        if (std::fabs(std::fabs(d) - 0.5 * L) < 0.02) ok = false;
        r2 += d * d;
      }
      if (std::sqrt(r2) < 0.7 || std::fabs(std::sqrt(r2) - rc) < 0.02) ok = false;
    }
    if (ok) pos.insert(pos.end(), p, p + 3);
  }
  std::vector<double> q(n);
  for (int i = 0; i < n; ++i) q[i] = (i % 2 ? -1.0 : 1.0) * rng.uniform(0.8, 1.2);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  double e0 = 0.3;
  auto run = [&](const std::vector<double>& p, const std::vector<double>& qq, double a, std::vector<double>& e) {
    DeviceArray<double> d_p(p), d_q(qq), d_f(zeros<double>(3 * n)), d_e(std::vector<double>{e0});
    CUAD_LAUNCH(ewald_real, 1, 32, d_p.ptr, d_q.ptr, n, a, L, rc, d_f.ptr, d_e.ptr);
    e = d_e.get();
    return d_f.get();
  };
#endif
#if CUAD_OUTPUT == 1
  const std::vector<double> wf = rng.vec(3 * n);
  const double we = -0.8;
  auto loss = [&] {
    std::vector<double> e;
    const std::vector<double> f = run(pos, q, alpha, e);
    return dot(wf, f) + we * e[0];
  };
  DeviceArray<double> d_p(pos), d_q(q), d_f(zeros<double>(3 * n)), d_e(std::vector<double>{e0}),
      g_p(zeros<double>(3 * n)), g_q(zeros<double>(n)), g_f(wf), g_e(std::vector<double>{we});
  DeviceScalar<double> g_a;
  CUAD_GRAD(CUAD_LAUNCH(ewald_real_grad_0_1_3_6_7, 1, 32, d_p.ptr, d_q.ptr, n, alpha, L, rc, d_f.ptr,
                        d_e.ptr, g_p.ptr, g_q.ptr, g_a.ptr, g_f.ptr, g_e.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.array("q", g_q.get(), fd(q, loss));
  check.scalar("alpha", g_a.value(), fd(alpha, loss));
  check.array("force", g_f.get(), zeros<double>(3 * n));
  check.scalar("energy", g_e.get()[0], fd(e0, loss));
#elif CUAD_OUTPUT == 2
  // pairs 0-1 .. 0-5: some inside the cutoff, through the minimum image
  double Lv = L, rcv = rc;
  int inside = 0;
  for (int j = 1; j < 6; ++j) {
    std::vector<double> ri(pos.begin(), pos.begin() + 3), rj(pos.begin() + 3 * j, pos.begin() + 3 * j + 3);
    double qi = q[0], qj = q[j];
    auto loss = [&] { return pair_energy_pbc(ri.data(), rj.data(), qi, qj, alpha, Lv, rcv); };
    inside += loss() != 0.0;
    std::vector<double> gri(3, 0.0), grj(3, 0.0);
    double gqi = 0, gqj = 0, ga = 0, gL = 0, grc = 0;
    CUAD_GRAD(pair_energy_pbc_grad(ri.data(), rj.data(), qi, qj, alpha, Lv, rcv, gri.data(), grj.data(), &gqi,
                                   &gqj, &ga, &gL, &grc));
    check.array(at("ri", j), gri, fd(ri, loss));
    check.array(at("rj", j), grj, fd(rj, loss));
    check.scalar(at("qi", j), gqi, fd(qi, loss));
    check.scalar(at("qj", j), gqj, fd(qj, loss));
    check.scalar(at("alpha", j), ga, fd(alpha, loss));
    check.scalar(at("L", j), gL, fd(Lv, loss));
    check.scalar(at("rc", j), grc, fd(rcv, loss));
  }
  check.expect(inside >= 2, "some pairs inside the cutoff");
#else
  const std::vector<double> vp = rng.vec(3 * n), vq = rng.vec(n);
  const double va = 0.5;
  auto outputs_at = [&](double t) {
    std::vector<double> e;
    std::vector<double> out = run(along(pos, t, vp), along(q, t, vq), along(alpha, t, va), e);
    out.push_back(e[0]);
    return out;
  };
  DeviceArray<double> d_p(pos), d_q(q), d_f(zeros<double>(3 * n)), d_e(std::vector<double>{e0}), t_p(vp),
      t_q(vq), t_f(zeros<double>(3 * n)), t_e(zeros<double>(1));
  CUAD_GRAD(CUAD_LAUNCH(ewald_real_pushforward_0_1_3_6_7, 1, 32, d_p.ptr, d_q.ptr, n, alpha, L, rc, d_f.ptr,
                        d_e.ptr, t_p.ptr, t_q.ptr, va, t_f.ptr, t_e.ptr));
  std::vector<double> tan = t_f.get();
  tan.push_back(t_e.get()[0]);
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
