#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_csr_vector");
  const int rows = 8, cols = 20;
  Rng rng(17);
  std::vector<int> rp(rows + 1), ci;
  rp[0] = 0;
  for (int r = 0; r < rows; ++r) {
    const int nnz = (r * 13) % 41 + 1;  // up to 41 nonzeros: more than a warp on some rows
    for (int q = 0; q < nnz; ++q) ci.push_back((r * 7 + q * 3) % cols);
    rp[r + 1] = (int)ci.size();
  }
  const int nnz = (int)ci.size();
  std::vector<float> vals = rng.vec<float>(nnz), x = rng.vec<float>(cols), y = rng.vec<float>(rows),
                     w = rng.vec<float>(rows);
  const float alpha = 0.7f, beta = -0.4f;
  DeviceArray<int> d_rp(rp), d_ci(ci);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_v(vals), d_x(x);
    CUAD_LAUNCH(spmv_csr_vector, 2, 128, d_y.ptr, d_rp.ptr, d_ci.ptr, d_v.ptr, d_x.ptr, alpha, beta,
                rows);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_v(vals), d_x(x), a_y(w), a_v(zeros<float>(nnz)),
      a_x(zeros<float>(cols));
  CUAD_GRAD(CUAD_LAUNCH(spmv_csr_vector_grad_0_3_4, 2, 128, d_y.ptr, d_rp.ptr, d_ci.ptr, d_v.ptr,
                        d_x.ptr, alpha, beta, rows, a_y.ptr, a_v.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("vals", a_v.get(), fd(vals, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
