#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// SPD matrix: a 2-D grid Laplacian-like pattern (9 x 9 = 81 unknowns, 2 blocks of 64) with
// random symmetric off-diagonals and a dominant random diagonal; 6 CG iterations (not
// converged, so every iteration matters). The finite differences perturb the stored values
// one by one (the matrix the solver sees is then slightly unsymmetric, which the solver
// does not care about: it only multiplies).
int main() {
  Checker check("rw26e_pcg_csr_struct");
  Rng rng(26504);
  const int g = 9, n = g * g, iters = 6;
  std::vector<int> rp = {0}, ci;
  std::vector<double> val;
  std::vector<double> offw(2 * n);
  for (int k = 0; k < 2 * n; ++k) offw[k] = rng.uniform(-1.0, -0.3);
  for (int i = 0; i < n; ++i) {
    const int r = i / g, c = i % g;
    auto add = [&](int j, double v) { ci.push_back(j); val.push_back(v); };
    if (r > 0) add(i - g, offw[2 * (i - g) + 1]);
    if (c > 0) add(i - 1, offw[2 * (i - 1)]);
    add(i, 4.0 + rng.uniform(0.0, 1.0));
    if (c < g - 1) add(i + 1, offw[2 * i]);
    if (r < g - 1) add(i + g, offw[2 * i + 1]);
    rp.push_back((int)ci.size());
  }
  const int nnz = (int)ci.size();
  std::vector<double> b = rng.vec(n), x0 = rng.vec(n, -0.2, 0.2);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    CsrHost A{n, rp.data(), ci.data(), val.data()};
    std::vector<double> x = x0;
    pcg_solve(A, b.data(), x.data(), iters);
    return dot(w, x);
  };
  std::vector<double> gval(nnz, 0.0), gb(n, 0.0), gx = w, x = x0;
  CsrHost A{n, rp.data(), ci.data(), val.data()};
  CsrHost dA{n, rp.data(), ci.data(), gval.data()};
#if CUAD_OUTPUT == 1
  CUAD_GRAD(pcg_solve_grad_0_1_2(A, b.data(), x.data(), iters, &dA, gb.data(), gx.data()));
#else
  CUAD_GRAD(pcg_solve_arrays_grad_3_4_5(n, rp.data(), ci.data(), val.data(), b.data(), x.data(), iters,
                                        gval.data(), gb.data(), gx.data()));
#endif
  check.array("A.val", gval, fd(val, loss));
  check.array("b", gb, fd(b, loss));
  check.array("x", gx, fd(x0, loss));
  return check.finish();
}
