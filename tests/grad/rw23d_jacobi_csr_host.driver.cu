#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw23d_jacobi_csr_host");
  Rng rng(23005);
  // diagonally dominant 2-D 5-point-like operator on a 9 x 9 grid plus a few random couplings
  const int g = 9, n = g * g, sweeps = 6;
  std::vector<int> rp = {0}, ci;
  std::vector<double> vals;
  for (int i = 0; i < n; ++i) {
    const int r = i / g, c = i % g;
    std::vector<int> cols = {i};
    if (r > 0) cols.push_back(i - g);
    if (r < g - 1) cols.push_back(i + g);
    if (c > 0) cols.push_back(i - 1);
    if (c < g - 1) cols.push_back(i + 1);
    if (i % 5 == 0) cols.push_back((i * 37 + 11) % n);
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    for (int q : cols) {
      ci.push_back(q);
      vals.push_back(q == i ? rng.uniform(4.5, 6.0) : rng.uniform(-1.1, -0.3));
    }
    rp.push_back((int)ci.size());
  }
  const int nnz = (int)ci.size();
  std::vector<double> b = rng.vec(n), x0 = rng.vec(n, -0.2, 0.2);
  const double omega = 0.8;
  const std::vector<double> wx = rng.vec(n);
  auto loss = [&] {
    std::vector<double> x = x0;
    const double r = jacobi_solve(n, nnz, rp.data(), ci.data(), vals.data(), b.data(), x.data(), omega, sweeps);
    return r + dot(wx, x);
  };
  std::vector<double> x = x0, gv(nnz, 0.0), gb(n, 0.0), gx = wx;
  CUAD_GRAD(jacobi_solve_grad_4_5_6(n, nnz, rp.data(), ci.data(), vals.data(), b.data(), x.data(), omega,
                                    sweeps, gv.data(), gb.data(), gx.data()));
  check.array("vals", gv, fd(vals, loss));
  check.array("b", gb, fd(b, loss));
  check.array("x", gx, fd(x0, loss));
  return check.finish();
}
