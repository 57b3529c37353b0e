#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_spmv_csr");
  const int nrows = 70, ncols = 50;
  Rng rng(9103);
  std::vector<int> row_ptr(nrows + 1, 0), col;
  for (int r = 0; r < nrows; ++r) {
    int nnz = (int)(rng.next() % 6);  // some empty rows
    for (int k = 0; k < nnz; ++k) col.push_back((int)(rng.next() % ncols));
    row_ptr[r + 1] = (int)col.size();
  }
  const int nnz = (int)col.size();
  std::vector<float> vals = rng.vec<float>(nnz), x = rng.vec<float>(ncols), y = rng.vec<float>(nrows),
                     w = rng.vec<float>(nrows);
  float alpha = 1.3f;
  const float beta = -0.6f;
  DeviceArray<int> drp(row_ptr), dci(col);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<float> dy(y), dv(vals), dx(x);
    CUAD_LAUNCH(spmv_axpby, 1, 32, dy.ptr, drp.ptr, dci.ptr, dv.ptr, dx.ptr, alpha, beta, nrows);
    return dot(w, dy.get());
  };
  DeviceArray<float> dy(y), dv(vals), dx(x), ay(w), av(zeros<float>(nnz)), ax(zeros<float>(ncols));
  DeviceScalar<float> aa(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(spmv_axpby_grad_0_3_4_5, 1, 32, dy.ptr, drp.ptr, dci.ptr, dv.ptr, dx.ptr,
                        alpha, beta, nrows, ay.ptr, av.ptr, ax.ptr, aa.ptr));
  check.array("y", ay.get(), fd(y, loss));
  check.array("vals", av.get(), fd(vals, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.scalar("alpha", aa.value(), fd(alpha, loss));
#else
  std::vector<float> ty = rng.vec<float>(nrows), tv = rng.vec<float>(nnz), tx = rng.vec<float>(ncols);
  float ta = 0.4f, tb = -0.9f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> dy(along(y, t, ty)), dv(along(vals, t, tv)), dx(along(x, t, tx));
    CUAD_LAUNCH(spmv_axpby, 1, 32, dy.ptr, drp.ptr, dci.ptr, dv.ptr, dx.ptr, along(alpha, t, ta),
                along(beta, t, tb), nrows);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dy(y), dv(vals), dx(x), d_y(ty), d_v(tv), d_x(tx);
  CUAD_GRAD(CUAD_LAUNCH(spmv_axpby_pushforward, 1, 32, dy.ptr, drp.ptr, dci.ptr, dv.ptr, dx.ptr,
                        alpha, beta, nrows, d_y.ptr, d_v.ptr, d_x.ptr, ta, tb));
  check.array("y", d_y.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
