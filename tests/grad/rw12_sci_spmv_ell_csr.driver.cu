#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_spmv_ell_csr");
  const int nrows = 37, ncols = 41;
  const double alpha = 1.3, beta = -0.6;
  Rng rng(1206);
  // A random sparsity pattern with 1..45 entries per row (rows longer than a warp too).
  std::vector<int> row_ptr(nrows + 1, 0), col;
  for (int r = 0; r < nrows; ++r) {
    const int len = (r % 7 == 3) ? 35 + r % 10 : 1 + (int)(rng.next() % 6);
    std::vector<char> used(ncols, 0);
    for (int k = 0; k < len && k < ncols; ++k) {
      int c;
      do c = (int)(rng.next() % ncols); while (used[c]);
      used[c] = 1;
    }
    for (int c = 0; c < ncols; ++c)
      if (used[c]) col.push_back(c);
    row_ptr[r + 1] = (int)col.size();
  }
  const int nnz = (int)col.size();
  std::vector<double> x = rng.vec(ncols), y0 = rng.vec(nrows), w = rng.vec(nrows);
#if CUAD_OUTPUT == 1
  int max_nnz = 0;
  for (int r = 0; r < nrows; ++r) max_nnz = std::max(max_nnz, row_ptr[r + 1] - row_ptr[r]);
  std::vector<int> ecol(max_nnz * nrows, -1);
  std::vector<double> val(max_nnz * nrows, 0.0);
  for (int r = 0; r < nrows; ++r)
    for (int p = row_ptr[r]; p < row_ptr[r + 1]; ++p) {
      const int k = p - row_ptr[r];
      ecol[k * nrows + r] = col[p];
      val[k * nrows + r] = rng.uniform(-1, 1);
    }
  DeviceArray<int> dcol(ecol);
  auto loss = [&] {
    DeviceArray<double> dv(val), dx(x), dy(y0);
    CUAD_LAUNCH(spmv_ell<double>, 1, 32, nrows, max_nnz, dcol.ptr, dv.ptr, dx.ptr, alpha, beta,
                dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dv(val), dx(x), dy(y0), av(zeros<double>(val.size())),
      ax(zeros<double>(ncols)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH((spmv_ell_grad_3_4_7<double>), 1, 32, nrows, max_nnz, dcol.ptr, dv.ptr,
                        dx.ptr, alpha, beta, dy.ptr, av.ptr, ax.ptr, ay.ptr));
  // padding entries are never read: their finite difference is 0 too
  check.array("val", av.get(), fd(val, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y0, loss));
#else
  std::vector<double> val = rng.vec(nnz);
  DeviceArray<int> drp(row_ptr), dcol(col);
  const int threads = 64, blocks = (nrows * 32 + threads - 1) / threads;
#if CUAD_OUTPUT == 2
  auto loss = [&] {
    DeviceArray<double> dv(val), dx(x), dy(y0);
    CUAD_LAUNCH(spmv_csr_vector, blocks, threads, nrows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, alpha,
                beta, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dv(val), dx(x), dy(y0), av(zeros<double>(nnz)), ax(zeros<double>(ncols)),
      ay(w);
  CUAD_GRAD(CUAD_LAUNCH(spmv_csr_vector_grad_3_4_7, blocks, threads, nrows, drp.ptr, dcol.ptr,
                        dv.ptr, dx.ptr, alpha, beta, dy.ptr, av.ptr, ax.ptr, ay.ptr));
  check.array("val", av.get(), fd(val, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y0, loss));
#else
  std::vector<double> vv = rng.vec(nnz), vx = rng.vec(ncols), vy = rng.vec(nrows);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dv(along(val, t, vv)), dx(along(x, t, vx)), dy(along(y0, t, vy));
    CUAD_LAUNCH(spmv_csr_vector, blocks, threads, nrows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, alpha,
                beta, dy.ptr);
    return as_doubles(dy.get());
  };
  DeviceArray<double> dv(val), dx(x), dy(y0), tv(vv), tx(vx), ty(vy);
  CUAD_GRAD(CUAD_LAUNCH(spmv_csr_vector_pushforward_3_4_7, blocks, threads, nrows, drp.ptr,
                        dcol.ptr, dv.ptr, dx.ptr, alpha, beta, dy.ptr, tv.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
