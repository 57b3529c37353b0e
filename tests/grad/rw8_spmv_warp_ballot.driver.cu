#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw8_spmv_warp_ballot");
  const int rows = 7, cols = 40;
  Rng rng(9090);
  // Rows of 0 to 70 nonzeros (several strides of a warp), random columns (repeats included).
  std::vector<int> row_ptr = {0}, col;
  for (int r = 0; r < rows; ++r) {
    const int len = r == 2 ? 0 : (int)rng.uniform(1, 70);
    for (int k = 0; k < len; ++k) col.push_back((int)rng.uniform(0, cols - 1e-9));
    row_ptr.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<float> val = rng.vec<float>(nnz), x = rng.vec<float>(cols), y0 = zeros<float>(rows);
  // products away from zero: the gate (p > 0) does not switch under the steps
  for (int k = 0; k < nnz; ++k)
    if (std::fabs(val[k] * x[col[k]]) < 0.05f) val[k] += val[k] < 0 ? -0.2f : 0.2f;
  for (float& v : x)
    if (std::fabs(v) < 0.1f) v += 0.3f;
  DeviceArray<int> drp(row_ptr), dcol(col);
  // 7 rows of 32 lanes: 224 threads in blocks of 96 (the last block has a warp past the rows)
#if CUAD_OUTPUT == 1
  const std::vector<float> wy = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> dv(val), dx(x), dy(y0);
    CUAD_LAUNCH(spmv_warp_gated, 3, 96, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dy.ptr, rows);
    return dot(wy, dy.get());
  };
  DeviceArray<float> dv(val), dx(x), dy(y0), av(zeros<float>(nnz)), ax(zeros<float>(cols)), ay(wy);
  CUAD_GRAD(CUAD_LAUNCH(spmv_warp_gated_grad_2_3_4, 3, 96, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dy.ptr,
                        rows, av.ptr, ax.ptr, ay.ptr));
  check.array("val", av.get(), fd(val, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y0, loss));
#else
  const std::vector<float> vv = rng.vec<float>(nnz, -0.01, 0.01), vx = rng.vec<float>(cols, -0.01, 0.01),
                           vy = rng.vec<float>(rows);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dv(along(val, t, vv)), dx(along(x, t, vx)), dy(y0);
    CUAD_LAUNCH(spmv_warp_gated, 3, 96, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dy.ptr, rows);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dv(val), dx(x), dy(y0), tv(vv), tx(vx), ty(vy);
  CUAD_GRAD(CUAD_LAUNCH(spmv_warp_gated_pushforward, 3, 96, drp.ptr, dcol.ptr, dv.ptr, dx.ptr,
                        dy.ptr, rows, tv.ptr, tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
