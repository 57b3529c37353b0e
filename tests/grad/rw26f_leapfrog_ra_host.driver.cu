#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_leapfrog_ra_host");
  Rng rng(26613);
  const int nsteps = 9, nout = 3, nsnap = nsteps / nout + 1;  // the caller has room for one more
  AdvParams p{20.0, 1000.0};
  std::vector<double> q0(NXP), u(NXP);
  for (int i = 0; i < NXP; ++i) {
    q0[i] = std::sin(2 * M_PI * i / NXP) + 0.5 * std::cos(6 * M_PI * i / NXP) + rng.uniform(-0.1, 0.1);
    u[i] = 10.0 + 3.0 * std::sin(2 * M_PI * i / NXP) + rng.uniform(-1, 1);
  }
  double kdiff = 2000.0, nu = 0.06;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nsnap * NXP);
  std::vector<double> sn0 = rng.vec(nsnap * NXP);  // what the snapshot array held before
  auto loss = [&] {
    std::vector<double> sn = sn0;
    run_leapfrog(q0.data(), u.data(), kdiff, nu, p, nsteps, nout, sn.data());
    return dot(w, sn);
  };
  std::vector<double> gq(NXP, 0.0), gu(NXP, 0.0), sn = sn0, gs = w;
  double gk = 0.0, gnu = 0.0;
  CUAD_GRAD(run_leapfrog_grad_0_1_2_3_7(q0.data(), u.data(), kdiff, nu, p, nsteps, nout, sn.data(), gq.data(), gu.data(),
                                        &gk, &gnu, gs.data()));
  check.array("q0", gq, fd(q0, loss));
  check.array("u", gu, fd(u, loss));
  check.scalar("kdiff", gk, fd(kdiff, loss));
  check.scalar("ra_nu", gnu, fd(nu, loss));
  check.array("snapshots", gs, fd(sn0, loss));
#else
  const std::vector<double> vq = rng.vec(NXP), vu = rng.vec(NXP);
  const double vk = 300.0, vn = 0.02;
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(q0, t, vq), b = along(u, t, vu), sn(nsnap * NXP, 0.0);
    run_leapfrog(a.data(), b.data(), along(kdiff, t, vk), along(nu, t, vn), p, nsteps, nout, sn.data());
    return sn;
  };
  std::vector<double> sn(nsnap * NXP, 0.0), tsn(nsnap * NXP, 0.0), vqc = vq, vuc = vu;
  CUAD_GRAD(run_leapfrog_pushforward_0_1_2_3_7(q0.data(), u.data(), kdiff, nu, p, nsteps, nout, sn.data(), vqc.data(),
                                               vuc.data(), vk, vn, tsn.data()));
  check.array("snapshots tangent", tsn, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
