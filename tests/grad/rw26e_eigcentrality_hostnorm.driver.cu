#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 38 nodes (2 blocks), random positive weights, 7 iterations.
int main() {
  Checker check("rw26e_eigcentrality_hostnorm");
  Rng rng(26522);
  const int n = 38, iters = 7;
  std::vector<int> rp = {0}, col;
  for (int i = 0; i < n; ++i) {
    const int deg = 1 + (i * 5) % 4;
    for (int k = 0; k < deg; ++k) col.push_back((i + 1 + k * 9 + k * k * 2) % n);
    rp.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<double> w = rng.vec(nnz, 0.2, 1.0), x0 = rng.vec(n, 0.5, 1.5);
  const double shift = 0.5;
  const std::vector<double> wx = rng.vec(n);
  const double wr = 0.8;
  auto loss = [&] {
    std::vector<double> x(n, 0.0);
    const double rq = eigenvector_centrality(n, rp.data(), col.data(), w.data(), x0.data(), shift, iters, x.data());
    return wr * rq + dot(wx, x);
  };
#if CUAD_OUTPUT == 1
  // the gradient of a value-returning host function has seed 1 on the return value: run it
  // with the x seed scaled by 1/wr, then scale everything by wr.
  std::vector<double> x(n, 0.0), gw(nnz, 0.0), gx0(n, 0.0), gx(n);
  for (int i = 0; i < n; ++i) gx[i] = wx[i] / wr;
  CUAD_GRAD(eigenvector_centrality_grad_3_4_7(n, rp.data(), col.data(), w.data(), x0.data(), shift, iters, x.data(),
                                              gw.data(), gx0.data(), gx.data()));
  for (auto& g : gw) g *= wr;
  for (auto& g : gx0) g *= wr;
  for (auto& g : gx) g *= wr;
  check.array("w", gw, fd(w, loss));
  check.array("x0", gx0, fd(x0, loss));
  check.array("x", gx, zeros<double>(n));
#else
  const std::vector<double> vw = rng.vec(nnz), vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> wt = along(w, t, vw), xt = along(x0, t, vx), x(n, 0.0);
    const double rq = eigenvector_centrality(n, rp.data(), col.data(), wt.data(), xt.data(), shift, iters, x.data());
    x.push_back(rq);
    return x;
  };
  std::vector<double> x(n, 0.0), tx(n, 0.0);
  double rq = 0.0, trq = 0.0;
  CUAD_GRAD({
    auto r = eigenvector_centrality_pushforward_3_4_7(n, rp.data(), col.data(), w.data(), x0.data(), shift, iters, x.data(),
                                                vw.data(), vx.data(), tx.data());
    rq = r.value;
    trq = r.pushforward;
  });
  std::vector<double> got = tx;
  got.push_back(trq);
  check.array("x and rq tangent", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = x;
  val.push_back(rq);
  check.array("x and rq value", val, outputs_at(0.0));
#endif
  (void)wx;
  (void)wr;
#endif
  return check.finish();
}
