#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17s_pagerank_host");
  // 90 nodes (two node blocks), 230 random directed edges (more than the 128 edge threads),
  // nodes 0 and 77 dangling (no out-edges), repeated edges allowed, 9 iterations.
  const int n = 90, m = 230, iters = 9;
  Rng rng(17005);
  std::vector<int> src, dst;
  while ((int)src.size() < m) {
    const int s = (int)rng.uniform(0, n - 1e-9), d = (int)rng.uniform(0, n - 1e-9);
    if (s == 0 || s == 77) continue;
    src.push_back(s);
    dst.push_back(d);
  }
  // every other node has an out-edge
  for (int v = 1; v < n; ++v) {
    if (v == 77) continue;
    bool has = false;
    for (int s : src) has |= s == v;
    if (!has) src[(v * 7) % m] = v;
  }
  std::vector<double> w = rng.vec(m, 0.2, 2.0), pers = rng.vec(n, 0.0, 2.0 / n);
  double damping = 0.85;
  const std::vector<double> wr = rng.vec(n);
  auto loss = [&] {
    std::vector<double> rank(n);
    personalized_pagerank(w.data(), pers.data(), damping, src.data(), dst.data(), n, m, iters,
                          rank.data());
    return dot(wr, rank);
  };
  std::vector<double> rank(n, 0.0), gw(m, 0.0), gp(n, 0.0), gr = wr;
  double gd = 0.0;
  CUAD_GRAD(personalized_pagerank_grad_0_1_2_8(w.data(), pers.data(), damping, src.data(),
                                               dst.data(), n, m, iters, rank.data(), gw.data(),
                                               gp.data(), &gd, gr.data()));
  check.array("w", gw, fd(w, loss));
  check.array("pers", gp, fd(pers, loss));
  check.scalar("damping", gd, fd(damping, loss));
  check.array("rank", gr, std::vector<double>(n, 0.0));
  return check.finish();
}
