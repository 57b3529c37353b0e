#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_coo_spmv_atomic");
  const int m = 12, ncol = 10, nnz = 70;
  Rng rng(3108);
  std::vector<int> rows(nnz), cols(nnz);
  for (int k = 0; k < nnz; ++k) {
    rows[k] = (int)rng.uniform(0, m - 1e-9);
    cols[k] = (int)rng.uniform(0, ncol - 1e-9);
  }
  std::vector<float> vals = rng.vec<float>(nnz), x = rng.vec<float>(ncol), y = rng.vec<float>(m),
                     w = rng.vec<float>(m);
  DeviceArray<int> d_r(rows), d_c(cols);
  auto loss = [&] {
    DeviceArray<float> d_v(vals), d_x(x), d_y(y);
    CUAD_LAUNCH(coo_spmv, 2, 16, nnz, d_r.ptr, d_c.ptr, d_v.ptr, d_x.ptr, d_y.ptr);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_v(vals), d_x(x), d_y(y), a_v(zeros<float>(nnz)), a_x(zeros<float>(ncol)),
      a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(coo_spmv_grad_3_4_5, 2, 16, nnz, d_r.ptr, d_c.ptr, d_v.ptr, d_x.ptr, d_y.ptr,
                        a_v.ptr, a_x.ptr, a_y.ptr));
  check.array("vals", a_v.get(), fd(vals, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
