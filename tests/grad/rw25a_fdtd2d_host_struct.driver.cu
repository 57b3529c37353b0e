#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_fdtd2d_host_struct");
  Rng rng(26111);
  const int nt = 30, n_src = 12, probe = 11 * NX + 13, m = NX * NY;
  std::vector<double> eps = rng.vec(m, 1.0, 3.0);
  double pml = 0.35;
#if CUAD_OUTPUT == 1
  const std::vector<double> wt = rng.vec(nt), we = rng.vec(1);
  auto loss = [&] {
    std::vector<double> tr(nt, 0.0), en(1, 0.0);
    simulate_tmz(eps.data(), pml, nt, n_src, probe, tr.data(), en.data());
    return dot(wt, tr) + dot(we, en);
  };
  std::vector<double> tr(nt, 0.0), en(1, 0.0), ge(m, 0.0), gt = wt, gen = we;
  double gp = 0.0;
  CUAD_GRAD(simulate_tmz_grad_0_1_5_6(eps.data(), pml, nt, n_src, probe, tr.data(), en.data(), ge.data(), &gp,
                                      gt.data(), gen.data()));
  check.array("eps_r", ge, fd(eps, loss));
  check.scalar("pml_scale", gp, fd(pml, loss));
  check.array("trace", gt, zeros<double>(nt));
  check.array("energy", gen, zeros<double>(1));
#else
  const std::vector<double> ve = rng.vec(m, -0.3, 0.3);
  const double vp = 0.4;
  auto outputs_at = [&](double t) {
    std::vector<double> tr(nt, 0.0), en(1, 0.0);
    const std::vector<double> e2 = along(eps, t, ve);
    simulate_tmz(e2.data(), along(pml, t, vp), nt, n_src, probe, tr.data(), en.data());
    tr.push_back(en[0]);
    return tr;
  };
  std::vector<double> tr(nt, 0.0), en(1, 0.0), ttr(nt, 0.0), ten(1, 0.0);
  CUAD_GRAD(simulate_tmz_pushforward(eps.data(), pml, nt, n_src, probe, tr.data(), en.data(), ve.data(), vp,
                                     ttr.data(), ten.data()));
  std::vector<double> got = ttr;
  got.push_back(ten[0]);
  check.array("tangents", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> tr2(nt, 0.0), en2(1, 0.0);
  simulate_tmz(eps.data(), pml, nt, n_src, probe, tr2.data(), en2.data());
  tr2.push_back(en2[0]);
  tr.push_back(en[0]);
  check.array("values", tr, tr2);
#endif
#endif
  return check.finish();
}
