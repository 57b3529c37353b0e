#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22e_pic_cic_gather");
  const int np = 150;  // 2 blocks of 64 threads: some threads take two particles
  const double dx = 0.5, dy = 0.4;
  Rng rng(22509);
  // positions (x, y) pairs inside the periodic box, fractional parts away from cell edges
  std::vector<double> pos(2 * np), q(np);
  for (int p = 0; p < np; ++p) {
    pos[2 * p] = dx * ((int)rng.uniform(0, NGX - 1e-9) + rng.uniform(0.02, 0.98));
    pos[2 * p + 1] = dy * ((int)rng.uniform(0, NGY - 1e-9) + rng.uniform(0.02, 0.98));
    q[p] = rng.uniform(-1.0, 1.5);
  }
  double background = 0.3;
  const int ng = NGX * NGY;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(ng);
  const double we = 0.8;
  std::vector<double> rho0(ng, 0.0);
  double e_in = 0.0;
  auto loss = [&] {
    std::vector<double> rho(ng, 0.0);
    double e = 0.0;
    pic_deposit_gather(pos.data(), q.data(), rho.data(), &e, background, dx, dy, np);
    return dot(w, rho) + we * e;
  };
  std::vector<double> gpos(2 * np, 0.0), gq(np, 0.0), grho = w;
  double gbg = 0.0, ge = we;
  CUAD_GRAD(pic_deposit_gather_grad_0_1_2_3_4(pos.data(), q.data(), rho0.data(), &e_in, background,
                                              dx, dy, np, gpos.data(), gq.data(), grho.data(), &ge,
                                              &gbg));
  check.array("pos", gpos, fd(pos, loss));
  check.array("q", gq, fd(q, loss));
  check.scalar("background", gbg, fd(background, loss));
  check.array("rho_out", grho, zeros<double>(ng));
  check.scalar("energy", ge, 0.0);
#else
  const std::vector<double> tpos = rng.vec(2 * np, -0.3, 0.3), tq = rng.vec(np);
  const double tbg = 0.2, tdx = 0.0, tdy = 0.0;  // moving the cell sizes would move particles across cells
  auto outputs_at = [&](double t) {
    std::vector<double> rho(ng, 0.0);
    double e = 0.0;
    const std::vector<double> pp = along(pos, t, tpos), qq = along(q, t, tq);
    pic_deposit_gather(pp.data(), qq.data(), rho.data(), &e, along(background, t, tbg), dx, dy, np);
    rho.push_back(e);
    return rho;
  };
  std::vector<double> rho(ng, 0.0), trho(ng, 7.0);
  double e = 0.0, te = 7.0;
  CUAD_GRAD(pic_deposit_gather_pushforward(pos.data(), q.data(), rho.data(), &e, background, dx, dy,
                                           np, tpos.data(), tq.data(), trho.data(), &te, tbg, tdx,
                                           tdy));
  trho.push_back(te);
  check.array("rho, energy tangent", trho, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  rho.push_back(e);
  check.array("rho, energy value", rho, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
