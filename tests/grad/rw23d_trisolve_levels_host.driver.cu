#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw23d_trisolve_levels_host");
  Rng rng(23011);
  const int n = 50;
  std::vector<int> rp = {0}, col;
  std::vector<double> vals;
  for (int r = 0; r < n; ++r) {
    std::vector<int> cs;
    const int k = r == 0 ? 0 : (int)rng.uniform(0, std::min(r, 4) + 1 - 1e-9);
    for (int q = 0; q < k; ++q) cs.push_back((int)rng.uniform(std::max(0, r - 12), r - 1e-9));
    std::sort(cs.begin(), cs.end());
    cs.erase(std::unique(cs.begin(), cs.end()), cs.end());
    for (int c : cs) col.push_back(c), vals.push_back(rng.uniform(-0.6, 0.6));
    col.push_back(r);
    vals.push_back(rng.uniform(1.5, 2.5));
    rp.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<double> b = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> x(n, 0.0);
    lower_solve_levels(n, rp.data(), col.data(), vals.data(), b.data(), x.data());
    return dot(w, x);
  };
#if CUAD_OUTPUT == 1
  std::vector<double> x(n, 0.0), gv(nnz, 0.0), gb(n, 0.0), gx = w;
  CUAD_GRAD(lower_solve_levels_grad_3_4_5(n, rp.data(), col.data(), vals.data(), b.data(), x.data(), gv.data(),
                                          gb.data(), gx.data()));
  check.array("vals", gv, fd(vals, loss));
  check.array("b", gb, fd(b, loss));
  check.array("x", gx, zeros<double>(n));
#else
  const std::vector<double> tv = rng.vec(nnz), tb = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> x(n, 0.0), vv = along(vals, t, tv), bb = along(b, t, tb);
    lower_solve_levels(n, rp.data(), col.data(), vv.data(), bb.data(), x.data());
    return x;
  };
  std::vector<double> x(n, 0.0), dx(n, 0.0);
  CUAD_GRAD(lower_solve_levels_pushforward(n, rp.data(), col.data(), vals.data(), b.data(), x.data(), tv.data(),
                                           tb.data(), dx.data()));
  check.array("x tangent", dx, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
