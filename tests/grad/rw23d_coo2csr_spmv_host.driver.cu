#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_coo2csr_spmv_host");
  Rng rng(23018);
  const int n = 35, nnz = 140;
  std::vector<int> rows(nnz), cols(nnz);
  for (int k = 0; k < nnz; ++k) {
    rows[k] = (int)rng.uniform(0, n - 1e-9);
    cols[k] = (int)rng.uniform(0, n - 1e-9);
  }
  std::vector<double> vals = rng.vec(nnz), x = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n, 0.0);
    coo_to_csr_spmv(n, nnz, rows.data(), cols.data(), vals.data(), x.data(), y.data());
    return dot(w, y);
  };
  std::vector<double> y(n, 0.0), gv(nnz, 0.0), gx(n, 0.0), gy = w;
  CUAD_GRAD(coo_to_csr_spmv_grad_4_5_6(n, nnz, rows.data(), cols.data(), vals.data(), x.data(), y.data(), gv.data(),
                                       gx.data(), gy.data()));
  check.array("vals", gv, fd(vals, loss));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
  return check.finish();
}
