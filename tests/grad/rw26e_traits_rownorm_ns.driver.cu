#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
typedef float T;
#define W 32
#define KPRIMAL sparse::csr_rownorm_spmv<float>
#define KGRAD sparse::csr_rownorm_spmv_grad_3_4_5<float>
#else
typedef double T;
#define W 16
#define KPRIMAL sparse::csr_rownorm_spmv<double, 16>
#define KGRAD sparse::csr_rownorm_spmv_grad_3_4_5<double, 16>
#define KFWD sparse::csr_rownorm_spmv_pushforward<double, 16>
#endif

// 14 rows, lengths 1..40 (every row non-empty); blocks of 64 threads, rows * W threads.
int main() {
  Checker check("rw26e_traits_rownorm_ns");
  Rng rng(26525);
  const int rows = 14, nc = 19;
  std::vector<int> rp = {0}, col;
  for (int r = 0; r < rows; ++r) {
    const int len = r == 9 ? 40 : 1 + (r * 5) % 11;
    for (int t = 0; t < len; ++t) col.push_back((r * 2 + t * 3 + t / 6) % nc);
    rp.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<T> val = rng.vec<T>(nnz), x = rng.vec<T>(nc);
  DeviceArray<int> drp(rp), dcol(col);
  const int threads = rows * W, grid = (threads + 63) / 64;
  auto run = [&](const std::vector<T>& v, const std::vector<T>& xx) {
    DeviceArray<T> dv(v), dx(xx), dy(zeros<T>(rows));
    CUAD_LAUNCH((KPRIMAL), grid, 64, rows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dy.ptr);
    return dy.get();
  };
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<T> w = rng.vec<T>(rows);
  auto loss = [&] { return dot(w, run(val, x)); };
  DeviceArray<T> dv(val), dx(x), dy(zeros<T>(rows)), gv(zeros<T>(nnz)), gx(zeros<T>(nc)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH((KGRAD), grid, 64, rows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dy.ptr, gv.ptr, gx.ptr, gy.ptr));
  check.array("val", gv.get(), fd(val, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), zeros<double>(rows));
#else
  const std::vector<T> vv = rng.vec<T>(nnz), vx = rng.vec<T>(nc);
  auto outputs_at = [&](double t) { return run(along(val, t, vv), along(x, t, vx)); };
  DeviceArray<T> dv(val), dx(x), dy(zeros<T>(rows)), tv(vv), tx(vx), ty(zeros<T>(rows));
  CUAD_GRAD(CUAD_LAUNCH((KFWD), grid, 64, rows, drp.ptr, dcol.ptr, dv.ptr, dx.ptr, dy.ptr, tv.ptr, tx.ptr, ty.ptr));
  check.array("y tangent", ty.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("y value", dy.get(), run(val, x));
#endif
#endif
  return check.finish();
}
