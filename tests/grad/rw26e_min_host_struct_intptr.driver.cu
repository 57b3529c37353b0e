#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26e_min_host_struct_intptr");
  Rng rng(26590);
  const int nnz = 7;
  std::vector<int> col = {3, 0, 2, 5, 1, 1, 4};
  std::vector<double> val = rng.vec(nnz);
  auto loss = [&] { return csr_row_sums(CsrHost{nnz, col.data(), val.data()}); };
  std::vector<double> gval(nnz, 0.0);
  CsrHost A{nnz, col.data(), val.data()}, dA{nnz, col.data(), gval.data()};
  CUAD_GRAD(csr_row_sums_grad(A, &dA));
  check.array("A.val", gval, fd(val, loss));
  return check.finish();
}
