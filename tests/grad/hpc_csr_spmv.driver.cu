#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_csr_spmv");
  const int nrows = 45, ncols = 30;
  Rng rng(505);
  std::vector<int> row_ptr(nrows + 1, 0), col_idx;
  for (int r = 0; r < nrows; ++r) {
    int cnt = 1 + (r * 7) % 5;
    for (int k = 0; k < cnt; ++k) col_idx.push_back((r * 3 + k * 11) % ncols);
    row_ptr[r + 1] = (int)col_idx.size();
  }
  const int nnz = (int)col_idx.size();
  std::vector<double> vals = rng.vec(nnz), x = rng.vec(ncols), y = rng.vec(nrows),
                      w = rng.vec(nrows);
  DeviceArray<int> d_rp(row_ptr), d_ci(col_idx);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_v(vals), d_x(x);
    CUAD_LAUNCH(csr_spmv, 2, 32, d_y.ptr, d_rp.ptr, d_ci.ptr, d_v.ptr, d_x.ptr, nrows);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_v(vals), d_x(x), a_y(w), a_v(zeros<double>(nnz)),
      a_x(zeros<double>(ncols));
  CUAD_GRAD(CUAD_LAUNCH(csr_spmv_grad_0_3_4, 2, 32, d_y.ptr, d_rp.ptr, d_ci.ptr, d_v.ptr, d_x.ptr,
                        nrows, a_y.ptr, a_v.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("vals", a_v.get(), fd(vals, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
