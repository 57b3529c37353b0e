#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_nnz_split_spmv");
  Rng rng(23016);
  const int n = 30, ncols = 25;
  std::vector<int> rp = {0}, col;
  for (int r = 0; r < n; ++r) {
    const int len = (r % 6 == 2) ? 0 : (r == 7 ? 23 : (int)rng.uniform(1, 6));  // empty rows, one long row
    for (int q = 0; q < len; ++q) col.push_back((int)rng.uniform(0, ncols - 1e-9));
    rp.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<float> vals = rng.vec<float>(nnz), x = rng.vec<float>(ncols), y = rng.vec<float>(n);
  DeviceArray<int> d_rp(rp), d_col(col);
  const int threads = 16, blocks = ((nnz + CHUNK - 1) / CHUNK + threads - 1) / threads;
  auto run = [&](const std::vector<float>& v, const std::vector<float>& xx, const std::vector<float>& yy) {
    DeviceArray<float> dv(v), dx(xx), dy(yy);
    CUAD_LAUNCH(nnz_split_spmv, blocks, threads, n, nnz, d_rp.ptr, d_col.ptr, dv.ptr, dx.ptr, dy.ptr);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(vals, x, y)); };
  DeviceArray<float> dv(vals), dx(x), dy(y), gv(zeros<float>(nnz)), gx(zeros<float>(ncols)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(nnz_split_spmv_grad_4_5_6, blocks, threads, n, nnz, d_rp.ptr, d_col.ptr, dv.ptr, dx.ptr,
                        dy.ptr, gv.ptr, gx.ptr, gy.ptr));
  check.array("vals", gv.get(), fd(vals, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
#else
  const std::vector<float> tv = rng.vec<float>(nnz), tx = rng.vec<float>(ncols), ty = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(vals, t, tv), along(x, t, tx), along(y, t, ty))); };
  DeviceArray<float> dv(vals), dx(x), dy(y), t_v(tv), t_x(tx), t_y(ty);
  CUAD_GRAD(CUAD_LAUNCH(nnz_split_spmv_pushforward, blocks, threads, n, nnz, d_rp.ptr, d_col.ptr, dv.ptr, dx.ptr,
                        dy.ptr, t_v.ptr, t_x.ptr, t_y.ptr));
  check.array("y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
