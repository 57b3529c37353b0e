#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_coo_residual_host");
  Rng rng(23002);
  const int m = 90, n = 40, nnz = 300;  // two residual blocks, the second partial
  std::vector<int> rows(nnz), cols(nnz);
  for (int k = 0; k < nnz; ++k) {
    rows[k] = (int)rng.uniform(0, m - 1e-9);
    cols[k] = (int)rng.uniform(0, n - 1e-9);
  }
  // a few exact duplicates of (row, col)
  for (int k = 0; k < 10; ++k) rows[nnz - 1 - k] = rows[k], cols[nnz - 1 - k] = cols[k];
  std::vector<double> vals = rng.vec(nnz), x = rng.vec(n), b = rng.vec(m);
  const std::vector<double> wr = rng.vec(m);
  auto loss = [&] {
    std::vector<double> r(m, 0.0);
    const double l = coo_residual_loss(m, n, nnz, rows.data(), cols.data(), vals.data(), x.data(),
                                       b.data(), r.data());
    return l + dot(wr, r);
  };
  std::vector<double> gv(nnz, 0.0), gx(n, 0.0), gb(m, 0.0), r(m, 0.0), gr = wr;
  CUAD_GRAD(coo_residual_loss_grad_5_6_7_8(m, n, nnz, rows.data(), cols.data(), vals.data(),
                                          x.data(), b.data(), r.data(), gv.data(), gx.data(),
                                          gb.data(), gr.data()));
  check.array("vals", gv, fd(vals, loss));
  check.array("x", gx, fd(x, loss));
  check.array("b", gb, fd(b, loss));
  check.array("r_out", gr, zeros<double>(m));
  return check.finish();
}
