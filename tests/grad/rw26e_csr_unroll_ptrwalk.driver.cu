#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 29 x 29 matrix with row lengths 0..13 (remainders 0..3 after the unrolled loop);
// output 1 and 3: 2 blocks of 8 threads (grid-stride: each thread does about 2 rows);
// output 2: one block of 32.
int main() {
  Checker check("rw26e_csr_unroll_ptrwalk");
  Rng rng(26510);
  const int n = 29;
  std::vector<int64_t> rp = {0}, ci;
  for (int r = 0; r < n; ++r) {
    const int len = r == 5 ? 0 : (r * 4 + 1) % 14;
    for (int t = 0; t < len; ++t) ci.push_back((r * 3 + t * 7 + t / 5) % n);
    rp.push_back((int64_t)ci.size());
  }
  const int nnz = (int)ci.size();
  std::vector<double> val = rng.vec(nnz), x = rng.vec(n), y = rng.vec(n);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  DeviceArray<int64_t> drp(rp), dci(ci);
  auto run = [&](const std::vector<double>& v, const std::vector<double>& xx, const std::vector<double>& yy) {
    DeviceArray<double> dv(v), dx(xx), dy(yy);
    CUAD_LAUNCH((csr_spmv_unroll4<double, int64_t>), 2, 8, (int64_t)n, drp.ptr, dci.ptr, dv.ptr, dx.ptr,
                dy.ptr);
    return dy.get();
  };
#else
  std::vector<int> rpi(rp.begin(), rp.end()), cii(ci.begin(), ci.end());
  DeviceArray<int> drp(rpi), dci(cii);
  auto run = [&](const std::vector<double>& v, const std::vector<double>& xx, const std::vector<double>& yy) {
    DeviceArray<double> dv(v), dx(xx), dy(yy);
    CUAD_LAUNCH(csr_spmvT_walk, 1, 32, n, drp.ptr, dci.ptr, dv.ptr, dx.ptr, dy.ptr);
    return dy.get();
  };
#endif
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(val, x, y)); };
  DeviceArray<double> dv(val), dx(x), dy(y), gv(zeros<double>(nnz)), gx(zeros<double>(n)), gy(w);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH((csr_spmv_unroll4_grad_3_4_5<double, int64_t>), 2, 8, (int64_t)n, drp.ptr, dci.ptr,
                        dv.ptr, dx.ptr, dy.ptr, gv.ptr, gx.ptr, gy.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(csr_spmvT_walk_grad_3_4_5, 1, 32, n, drp.ptr, dci.ptr, dv.ptr, dx.ptr, dy.ptr, gv.ptr,
                        gx.ptr, gy.ptr));
#endif
  check.array("val", gv.get(), fd(val, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
#else
  const std::vector<double> tv = rng.vec(nnz), tx = rng.vec(n), ty = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(val, t, tv), along(x, t, tx), along(y, t, ty)); };
  DeviceArray<double> dv(val), dx(x), dy(y), t_v(tv), t_x(tx), t_y(ty);
  CUAD_GRAD(CUAD_LAUNCH((csr_spmv_unroll4_pushforward<double, int64_t>), 2, 8, (int64_t)n, drp.ptr, dci.ptr,
                        dv.ptr, dx.ptr, dy.ptr, t_v.ptr, t_x.ptr, t_y.ptr));
  check.array("y tangent", t_y.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("y value", dy.get(), run(val, x, y));
#endif
#endif
  return check.finish();
}
