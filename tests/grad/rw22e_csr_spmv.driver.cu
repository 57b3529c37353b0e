#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// CUAD_OUTPUT 1: scalar kernel (1 block of 8 threads: each thread takes several rows);
// 2: vector kernel (64-thread blocks, 2 warps each; 13 rows -> 7 blocks, the last warp idle);
// 3: forward mode of the vector kernel.
int main() {
  Checker check("rw22e_csr_spmv");
  const int nrows = 13, ncols = 21;
  Rng rng(22501);
  std::vector<int> rp = {0}, ci;
  for (int r = 0; r < nrows; ++r) {
    // empty rows, short rows, rows longer than a warp (lanes loop twice)
    const int len = r == 4 ? 0 : (r % 5 == 2 ? 40 + r : 1 + (r * 7) % 9);
    for (int k = 0; k < len; ++k) ci.push_back((r * 5 + k * 3 + k / 7) % ncols);
    rp.push_back((int)ci.size());
  }
  const int nnz = (int)ci.size();
  std::vector<double> vals = rng.vec(nnz), x = rng.vec(ncols), y = rng.vec(nrows);
  double alpha = 0.75, beta = -0.6;
  DeviceArray<int> drp(rp), dci(ci);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const int grid = CUAD_OUTPUT == 1 ? 1 : (nrows * 32 + 63) / 64;
  const int block = CUAD_OUTPUT == 1 ? 8 : 64;
  const std::vector<double> w = rng.vec(nrows);
  auto loss = [&] {
    DeviceArray<double> dv(vals), dx(x), dy(y);
#if CUAD_OUTPUT == 1
    CUAD_LAUNCH(csr_spmv_scalar, grid, block, nrows, alpha, drp.ptr, dci.ptr, dv.ptr, dx.ptr, beta,
                dy.ptr);
#else
    CUAD_LAUNCH(csr_spmv_vector, grid, block, nrows, alpha, drp.ptr, dci.ptr, dv.ptr, dx.ptr, beta,
                dy.ptr);
#endif
    return dot(w, dy.get());
  };
  DeviceArray<double> dv(vals), dx(x), dy(y), gv(zeros<double>(nnz)), gx(zeros<double>(ncols)),
      gy(w);
  DeviceScalar<double> galpha(0.0), gbeta(0.0);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(csr_spmv_scalar_grad_1_4_5_6_7, grid, block, nrows, alpha, drp.ptr,
                        dci.ptr, dv.ptr, dx.ptr, beta, dy.ptr, galpha.ptr, gv.ptr, gx.ptr,
                        gbeta.ptr, gy.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(csr_spmv_vector_grad_1_4_5_6_7, grid, block, nrows, alpha, drp.ptr,
                        dci.ptr, dv.ptr, dx.ptr, beta, dy.ptr, galpha.ptr, gv.ptr, gx.ptr,
                        gbeta.ptr, gy.ptr));
#endif
  check.scalar("alpha", galpha.value(), fd(alpha, loss));
  check.array("vals", gv.get(), fd(vals, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.scalar("beta", gbeta.value(), fd(beta, loss));
  check.array("y", gy.get(), fd(y, loss));
#else
  const int grid = (nrows * 32 + 63) / 64, block = 64;
  const std::vector<double> tv = rng.vec(nnz), tx = rng.vec(ncols), ty = rng.vec(nrows);
  const double talpha = 0.4, tbeta = -0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dv(along(vals, t, tv)), dx(along(x, t, tx)), dy(along(y, t, ty));
    CUAD_LAUNCH(csr_spmv_vector, grid, block, nrows, along(alpha, t, talpha), drp.ptr, dci.ptr,
                dv.ptr, dx.ptr, along(beta, t, tbeta), dy.ptr);
    return as_doubles(dy.get());
  };
  DeviceArray<double> dv(vals), dx(x), dy(y), d_v(tv), d_x(tx), d_y(ty);
  CUAD_GRAD(CUAD_LAUNCH(csr_spmv_vector_pushforward, grid, block, nrows, alpha, drp.ptr, dci.ptr,
                        dv.ptr, dx.ptr, beta, dy.ptr, talpha, d_v.ptr, d_x.ptr, tbeta, d_y.ptr));
  check.array("y tangent", d_y.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  {
    DeviceArray<double> dv2(vals), dx2(x), dy2(y);
    CUAD_LAUNCH(csr_spmv_vector, grid, block, nrows, alpha, drp.ptr, dci.ptr, dv2.ptr, dx2.ptr,
                beta, dy2.ptr);
    check.array("y value", dy.get(), dy2.get());
  }
#endif
#endif
  return check.finish();
}
