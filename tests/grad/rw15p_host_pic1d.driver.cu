#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw15p_host_pic1d");
  const int np = 100, nc = 16;  // 100 particles: 4 blocks of the push, a partial last one
  const double length = 4.0, dt = 0.1, dxc = length / nc;
  double qm = -1.0;
  Rng rng(15041);
  std::vector<double> xp(np), vp = rng.vec(np, -0.6, 0.6);
  for (int p = 0; p < np; ++p) {
    // inside a cell, away from its faces (the floor in the CIC weights)
    int c = (int)(rng.uniform(0.0, nc - 1e-9));
    xp[p] = dxc * (c + rng.uniform(0.05, 0.95));
  }
  auto loss_w = rng.vec(2 * np);
  auto loss = [&] {
    std::vector<double> xo(np), vo(np);
    pic_step(xp.data(), vp.data(), qm, xo.data(), vo.data(), np, nc, length, dt);
    std::vector<double> wx(loss_w.begin(), loss_w.begin() + np), wv(loss_w.begin() + np, loss_w.end());
    return dot(wx, xo) + dot(wv, vo);
  };
  std::vector<double> axo(loss_w.begin(), loss_w.begin() + np), avo(loss_w.begin() + np, loss_w.end());
  std::vector<double> ax(np, 0.0), av(np, 0.0), xo(np), vo(np);
  double aqm = 0.0;
  CUAD_GRAD(pic_step_grad_0_1_2_3_4(xp.data(), vp.data(), qm, xo.data(), vo.data(), np, nc, length,
                                    dt, ax.data(), av.data(), &aqm, axo.data(), avo.data()));
  check.array("xp", ax, fd(xp, loss));
  check.array("vp", av, fd(vp, loss));
  check.scalar("qm", aqm, fd(qm, loss));
  check.array("x_out", axo, zeros<double>(np));
  check.array("v_out", avo, zeros<double>(np));
  return check.finish();
}
