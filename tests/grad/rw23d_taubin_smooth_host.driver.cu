#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_taubin_smooth_host");
  Rng rng(23004);
  // a ring of 40 points with chords: every node has 2..5 neighbours (symmetric pattern not required)
  const int n = 40, iters = 5;
  std::vector<int> indptr = {0}, nbr;
  for (int i = 0; i < n; ++i) {
    nbr.push_back((i + 1) % n);
    nbr.push_back((i + n - 1) % n);
    const int extra = (int)rng.uniform(0, 4);
    for (int k = 0; k < extra; ++k) nbr.push_back((int)rng.uniform(0, n - 1e-9));
    indptr.push_back((int)nbr.size());
  }
  const int nnz = (int)nbr.size();
  std::vector<double> w = rng.vec(nnz, 0.5, 2.0), pos(3 * n);
  for (int i = 0; i < n; ++i) {
    const double t = 2 * M_PI * i / n;
    pos[3 * i] = std::cos(t) + 0.1 * rng.uniform(-1, 1);
    pos[3 * i + 1] = std::sin(t) + 0.1 * rng.uniform(-1, 1);
    pos[3 * i + 2] = 0.2 * rng.uniform(-1, 1);
  }
  double lambda = 0.33, mu = -0.34;
#if CUAD_OUTPUT == 1
  const std::vector<double> wp = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> p = pos;
    taubin_smooth(n, nnz, indptr.data(), nbr.data(), w.data(), p.data(), lambda, mu, iters);
    return dot(wp, p);
  };
  std::vector<double> p = pos, gw(nnz, 0.0), gp = wp;
  double gl = 0.0, gm = 0.0;
  CUAD_GRAD(taubin_smooth_grad_4_5_6_7(n, nnz, indptr.data(), nbr.data(), w.data(), p.data(), lambda,
                                       mu, iters, gw.data(), gp.data(), &gl, &gm));
  check.array("w", gw, fd(w, loss));
  check.array("pos", gp, fd(pos, loss));
  check.scalar("lambda", gl, fd(lambda, loss));
  check.scalar("mu", gm, fd(mu, loss));
#else
  const std::vector<double> tw = rng.vec(nnz), tp = rng.vec(3 * n);
  const double tl = 0.4, tm = -0.7;
  auto outputs_at = [&](double t) {
    std::vector<double> p = along(pos, t, tp), ww = along(w, t, tw);
    taubin_smooth(n, nnz, indptr.data(), nbr.data(), ww.data(), p.data(), lambda + t * tl, mu + t * tm,
                  iters);
    return p;
  };
  std::vector<double> p = pos, dw = tw, dp = tp;
  CUAD_GRAD(taubin_smooth_pushforward(n, nnz, indptr.data(), nbr.data(), w.data(), p.data(), lambda, mu,
                                      iters, dw.data(), dp.data(), tl, tm));
  check.array("pos tangent", dp, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("pos value", p, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
