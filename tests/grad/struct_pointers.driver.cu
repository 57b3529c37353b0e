#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("struct_pointers");
  const int rows = 40, cols = 30, per_row = 3, nnz = rows * per_row;
  Rng rng(57);
  std::vector<int> row_ptr(rows + 1), col_idx(nnz);
  for (int r = 0; r <= rows; ++r) row_ptr[r] = r * per_row;
  for (int k = 0; k < nnz; ++k) col_idx[k] = (k * 7 + k / 5) % cols;
  std::vector<double> vals = rng.vec(nnz), x = rng.vec(cols), y = rng.vec(rows), w = rng.vec(rows);
  DeviceArray<int> d_rp(row_ptr), d_ci(col_idx);
  auto loss = [&] {
    DeviceArray<double> d_v(vals), d_x(x), d_y(y);
    Csr A{rows, d_rp.ptr, d_ci.ptr, d_v.ptr};
    CUAD_LAUNCH(spmv, 2, 32, A, d_x.ptr, d_y.ptr);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_v(vals), d_x(x), d_y(y), a_v(zeros<double>(nnz)), a_x(zeros<double>(cols)),
      a_y(w);
  Csr A{rows, d_rp.ptr, d_ci.ptr, d_v.ptr};
  DeviceArray<Csr> a_A({Csr{0, nullptr, nullptr, a_v.ptr}});
  CUAD_GRAD(CUAD_LAUNCH(spmv_grad, 2, 32, A, d_x.ptr, d_y.ptr, a_A.ptr, a_x.ptr, a_y.ptr));
  check.array("A.vals", a_v.get(), fd(vals, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
