#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22e_ell_jacobi");
  const int n = 83, max_nnz = 5, iters = 4;
  Rng rng(22502);
  // column-major ELL: rows with 0..5 off-diagonal entries, the rest padded with -1
  std::vector<int> cols((size_t)n * max_nnz, -1);
  std::vector<double> vals((size_t)n * max_nnz, 0.0);
  for (int r = 0; r < n; ++r) {
    const int len = (r * 3) % (max_nnz + 1);
    for (int k = 0; k < len; ++k) {
      cols[(size_t)k * n + r] = (r + 1 + 7 * k + (r % 3)) % n;
      vals[(size_t)k * n + r] = rng.uniform(-0.5, 0.5);
    }
  }
  std::vector<double> diag = rng.vec(n, 2.0, 3.5), b = rng.vec(n), x0 = rng.vec(n);
  double omega = 0.8;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    ell_jacobi_solve(cols.data(), vals.data(), diag.data(), b.data(), x0.data(), out.data(), omega,
                     n, max_nnz, iters);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gv(vals.size(), 0.0), gd(n, 0.0), gb(n, 0.0), gx(n, 0.0),
      gout = w;
  double gomega = 0.0;
  CUAD_GRAD(ell_jacobi_solve_grad_1_2_3_4_5_6(cols.data(), vals.data(), diag.data(), b.data(),
                                               x0.data(), out.data(), omega, n, max_nnz, iters,
                                               gv.data(), gd.data(), gb.data(), gx.data(),
                                               gout.data(), &gomega));
  check.array("vals", gv, fd(vals, loss));
  check.array("diag", gd, fd(diag, loss));
  check.array("b", gb, fd(b, loss));
  check.array("x0", gx, fd(x0, loss));
  check.scalar("omega", gomega, fd(omega, loss));
  check.array("x_out", gout, zeros<double>(n));
#else
  const std::vector<double> tv = rng.vec(vals.size()), td = rng.vec(n), tb = rng.vec(n),
                            tx = rng.vec(n);
  const double tomega = -0.2;
  auto outputs_at = [&](double t) {
    std::vector<double> out(n, 0.0);
    const std::vector<double> vv = along(vals, t, tv), dd = along(diag, t, td), bb = along(b, t, tb),
                              xx = along(x0, t, tx);
    ell_jacobi_solve(cols.data(), vv.data(), dd.data(), bb.data(), xx.data(), out.data(),
                     along(omega, t, tomega), n, max_nnz, iters);
    return out;
  };
  std::vector<double> out(n, 0.0), tout(n, 7.0);
  CUAD_GRAD(ell_jacobi_solve_pushforward(cols.data(), vals.data(), diag.data(), b.data(), x0.data(),
                                         out.data(), omega, n, max_nnz, iters, tv.data(), td.data(),
                                         tb.data(), tx.data(), tout.data(), tomega));
  check.array("x_out tangent", tout, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("x_out value", out, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
