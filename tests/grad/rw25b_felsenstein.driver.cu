#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_felsenstein");
  Rng rng(25106);
#if CUAD_OUTPUT == 1
  const int ntaxa = 6, nsites = 70;  // two blocks of 64 columns, the second partial
  // ((0,1)6,(2,(3,4)7)8)9 joined with 5 at the root 10
  std::vector<int> order = {6, 0, 1, 7, 3, 4, 8, 2, 7, 9, 6, 8, 10, 9, 5};
  std::vector<int> tips(ntaxa * nsites);
  for (int s = 0; s < nsites; ++s) {
    const int anc = (int)(rng.next() % 4);
    for (int k = 0; k < ntaxa; ++k) {
      const double u = rng.uniform(0, 1);
      tips[k * nsites + s] = u < 0.05 ? 4 : (u < 0.75 ? anc : (int)(rng.next() % 4));
    }
  }
  std::vector<double> exch = {1.0, 2.5, 0.8, 1.1, 3.0, 1.0};
  std::vector<double> fl = rng.vec(4, -0.3, 0.3), blen = rng.vec(2 * ntaxa - 2, 0.05, 0.35);
  std::vector<double> sw(nsites);
  for (int s = 0; s < nsites; ++s) sw[s] = 1.0 + (double)(rng.next() % 3);
  auto loss = [&] {
    return phylo_loglik(tips.data(), exch.data(), fl.data(), blen.data(), order.data(), sw.data(), ntaxa, nsites);
  };
  std::printf("loglik %.6f\n", loss());
  std::vector<double> ge(6, 0.0), gf(4, 0.0), gb(blen.size(), 0.0);
  CUAD_GRAD(phylo_loglik_grad_1_2_3(tips.data(), exch.data(), fl.data(), blen.data(), order.data(), sw.data(),
                                    ntaxa, nsites, ge.data(), gf.data(), gb.data()));
  check.array("exch", ge, fd(exch, loss));
  check.array("freq_logits", gf, fd(fl, loss));
  check.array("blen", gb, fd(blen, loss));
#else
  // expm4_taylor on the host: Q a rate matrix (rows sum to 0), P an output only.
  std::vector<double> Q(16), P0 = rng.vec(16);
  for (int i = 0; i < 4; ++i) {
    double r = 0.0;
    for (int j = 0; j < 4; ++j)
      if (j != i) {
        Q[i * 4 + j] = rng.uniform(0.1, 0.6);
        r += Q[i * 4 + j];
      }
    Q[i * 4 + i] = -r;
  }
  double t = 0.4;
  const std::vector<double> w = rng.vec(16);
  auto loss = [&] {
    double q[4][4], p[4][4];
    for (int k = 0; k < 16; ++k) q[k / 4][k % 4] = Q[k], p[k / 4][k % 4] = P0[k];
    expm4_taylor(q, t, p);
    double l = 0.0;
    for (int k = 0; k < 16; ++k) l += w[k] * p[k / 4][k % 4];
    return l;
  };
  double q[4][4], p[4][4], gq[4][4] = {}, gp[4][4];
  for (int k = 0; k < 16; ++k) q[k / 4][k % 4] = Q[k], p[k / 4][k % 4] = P0[k], gp[k / 4][k % 4] = w[k];
  double gt = 0.0;
  CUAD_GRAD(expm4_taylor_grad(q, t, p, gq, &gt, gp));
  std::vector<double> gQ(16), gP(16);
  for (int k = 0; k < 16; ++k) gQ[k] = gq[k / 4][k % 4], gP[k] = gp[k / 4][k % 4];
  check.array("Q", gQ, fd(Q, loss));
  check.scalar("t", gt, fd(t, loss));
  check.array("P", gP, zeros<double>(16));
#endif
  return check.finish();
}
