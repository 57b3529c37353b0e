#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26e_coo_smem_warpagg");
  Rng rng(26518);
#if CUAD_OUTPUT == 1
  // 30 rows (4 blocks of 8 rows, the last partial), 0..9 entries per row, 16 threads per block
  const int n = 30, nc = 17;
  std::vector<int> row, col, bp = {0};
  for (int r = 0; r < n; ++r) {
    const int len = (r * 7) % 10;
    for (int t = 0; t < len; ++t) {
      row.push_back(r);
      col.push_back((r + t * 5) % nc);
    }
    if ((r + 1) % ROWS_PER_BLOCK == 0 || r == n - 1) bp.push_back((int)row.size());
  }
  const int nnz = (int)row.size(), nb = (int)bp.size() - 1;
  std::vector<float> val = rng.vec<float>(nnz), x = rng.vec<float>(nc), y = rng.vec<float>(n);
  DeviceArray<int> dbp(bp), drow(row), dcol(col);
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dv(val), dx(x), dy(y);
    CUAD_LAUNCH(coo_spmv_smem, nb, 16, dbp.ptr, drow.ptr, dcol.ptr, dv.ptr, dx.ptr, n, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<float> dv(val), dx(x), dy(y), gv(zeros<float>(nnz)), gx(zeros<float>(nc)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(coo_spmv_smem_grad_3_4_6, nb, 16, dbp.ptr, drow.ptr, dcol.ptr, dv.ptr, dx.ptr, n, dy.ptr,
                        gv.ptr, gx.ptr, gy.ptr));
  check.array("val", gv.get(), fd(val, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
#else
  // 90 edges sorted by destination (runs of 1..12, some crossing warp boundaries), 2 blocks of 64
  const int nn = 20;
  std::vector<int> dst;
  for (int v = 0; v < nn && (int)dst.size() < 90; ++v)
    for (int k = 0; k < 1 + (v * 5) % 12 && (int)dst.size() < 90; ++k) dst.push_back(v);
  const int m = (int)dst.size();
  std::vector<float> msg = rng.vec<float>(m * NFEAT), ew = rng.vec<float>(m, 0.5, 1.5),
                     out0 = rng.vec<float>(nn * NFEAT);
  DeviceArray<int> dd(dst);
  const std::vector<float> w = rng.vec<float>(nn * NFEAT);
  auto loss = [&] {
    DeviceArray<float> dm(msg), dw(ew), dout(out0);
    CUAD_LAUNCH(scatter_add_warp_aggregated, 2, 64, m, dd.ptr, dm.ptr, dw.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<float> dm(msg), dw(ew), dout(out0), gm(zeros<float>(m * NFEAT)), gw(zeros<float>(m)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(scatter_add_warp_aggregated_grad_2_3_4, 2, 64, m, dd.ptr, dm.ptr, dw.ptr, dout.ptr, gm.ptr,
                        gw.ptr, gout.ptr));
  check.array("msg", gm.get(), fd(msg, loss));
  check.array("edge_w", gw.get(), fd(ew, loss));
  check.array("out", gout.get(), fd(out0, loss));
#endif
  return check.finish();
}
