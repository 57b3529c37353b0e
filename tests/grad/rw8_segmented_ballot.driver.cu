#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw8_segmented_ballot");
  const int rows = 12, cols = 30;
  Rng rng(4711);
  // Row-sorted COO entries: rows of 0 to 20 entries, so segments start anywhere in a warp and
  // cross warp boundaries; the last warp is partial.
  std::vector<int> row, col;
  for (int r = 0; r < rows; ++r) {
    const int len = r == 5 ? 0 : (int)rng.uniform(1, 20);
    for (int k = 0; k < len; ++k) {
      row.push_back(r);
      col.push_back((int)rng.uniform(0, cols - 1e-9));
    }
  }
  const int nnz = (int)row.size();
  std::vector<float> val = rng.vec<float>(nnz), x = rng.vec<float>(cols), y0 = zeros<float>(rows);
  DeviceArray<int> drow(row), dcol(col);
  const int blocks = (nnz + 63) / 64;
#if CUAD_OUTPUT == 1
  const std::vector<float> wy = rng.vec<float>(rows);
  auto run = [&](DeviceArray<float>& dy) {
    DeviceArray<float> dv(val), dx(x);
    DeviceArray<int> dseg(std::vector<int>{0});
    CUAD_LAUNCH(coo_segmented_spmv, blocks, 64, drow.ptr, dcol.ptr, dv.ptr, dx.ptr, dy.ptr,
                dseg.ptr, nnz);
    return dseg.get()[0];
  };
  auto loss = [&] {
    DeviceArray<float> dy(y0);
    run(dy);
    return dot(wy, dy.get());
  };
  DeviceArray<float> dv(val), dx(x), dy(y0), av(zeros<float>(nnz)), ax(zeros<float>(cols)), ay(wy);
  DeviceArray<int> dseg(std::vector<int>{0});
  CUAD_GRAD(CUAD_LAUNCH(coo_segmented_spmv_grad_2_3_4, blocks, 64, drow.ptr, dcol.ptr, dv.ptr,
                        dx.ptr, dy.ptr, dseg.ptr, nnz, av.ptr, ax.ptr, ay.ptr));
  check.array("val", av.get(), fd(val, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y0, loss));
  // The primal's plain result: y is the sparse product, and at least one segment per row
  // that has entries was counted.
  DeviceArray<float> yy(y0);
  const int segs = run(yy);
  std::vector<double> ref(rows, 0.0);
  for (int k = 0; k < nnz; ++k) ref[row[k]] += (double)val[k] * x[col[k]];
  check.array("y (primal)", yy.get(), ref);
  check.expect(segs >= rows - 1, "segments counted");
#else
  const std::vector<float> vv = rng.vec<float>(nnz), vx = rng.vec<float>(cols),
                           vy = rng.vec<float>(rows);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dv(along(val, t, vv)), dx(along(x, t, vx)), dy(along(y0, t, vy));
    DeviceArray<int> dseg(std::vector<int>{0});
    CUAD_LAUNCH(coo_segmented_spmv, blocks, 64, drow.ptr, dcol.ptr, dv.ptr, dx.ptr, dy.ptr,
                dseg.ptr, nnz);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dv(val), dx(x), dy(y0), tv(vv), tx(vx), ty(vy);
  DeviceArray<int> dseg(std::vector<int>{0});
  CUAD_GRAD(CUAD_LAUNCH(coo_segmented_spmv_pushforward, blocks, 64, drow.ptr, dcol.ptr, dv.ptr,
                        dx.ptr, dy.ptr, dseg.ptr, nnz, tv.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
