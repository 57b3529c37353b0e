#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17s_csr_subwarp");
  // 48 rows, 4 lanes per row, 16 rows per 64-thread block, 2 blocks: vectors 0..15 take two
  // rows (grid stride), 16..31 one; every warp (8 vectors) runs the same number of rows.
  const int nrows = 48, ncols = 37;
  Rng rng(17001);
  std::vector<int> rp = {0}, cj;
  for (int r = 0; r < nrows; ++r) {
    const int len = r % 11 == 3 ? 0 : (int)rng.uniform(1, 14);  // empty rows and long rows
    for (int k = 0; k < len; ++k) cj.push_back((int)rng.uniform(0, ncols - 1e-9));
    rp.push_back((int)cj.size());
  }
  const int nnz = (int)cj.size();
  std::vector<double> Ax = rng.vec(nnz), x = rng.vec(ncols), y = rng.vec(nrows);
  double alpha = 0.8;
  const double beta = -0.45;
  DeviceArray<int> dAp(rp), dAj(cj);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nrows);
  auto loss = [&] {
    DeviceArray<double> da(Ax), dx(x), dy(y);
    CUAD_LAUNCH((spmv_csr_subwarp<4, 16>), 2, 64, nrows, dAp.ptr, dAj.ptr, da.ptr, dx.ptr, alpha,
                beta, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> da(Ax), dx(x), dy(y), ga(zeros<double>(nnz)), gx(zeros<double>(ncols)),
      gy(w);
  DeviceScalar<double> galpha(0.0);
  CUAD_GRAD(CUAD_LAUNCH((spmv_csr_subwarp_grad_3_4_5_7<4, 16>), 2, 64, nrows, dAp.ptr, dAj.ptr,
                        da.ptr, dx.ptr, alpha, beta, dy.ptr, ga.ptr, gx.ptr, galpha.ptr, gy.ptr));
  check.array("Ax", ga.get(), fd(Ax, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
  check.scalar("alpha", galpha.value(), fd(alpha, loss));
#else
  const std::vector<double> tA = rng.vec(nnz), tx = rng.vec(ncols), ty = rng.vec(nrows);
  const double talpha = 0.3, tbeta = -0.7;
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(Ax, t, tA)), dx(along(x, t, tx)), dy(along(y, t, ty));
    CUAD_LAUNCH((spmv_csr_subwarp<4, 16>), 2, 64, nrows, dAp.ptr, dAj.ptr, da.ptr, dx.ptr,
                along(alpha, t, talpha), along(beta, t, tbeta), dy.ptr);
    return as_doubles(dy.get());
  };
  DeviceArray<double> da(Ax), dx(x), dy(y), d_a(tA), d_x(tx), d_y(ty);
  CUAD_GRAD(CUAD_LAUNCH((spmv_csr_subwarp_pushforward<4, 16>), 2, 64, nrows, dAp.ptr, dAj.ptr,
                        da.ptr, dx.ptr, alpha, beta, dy.ptr, d_a.ptr, d_x.ptr, talpha, tbeta,
                        d_y.ptr));
  check.array("y", d_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
