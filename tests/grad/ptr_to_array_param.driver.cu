#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

typedef double (*Rows)[N];
typedef const double (*CRows)[N];

int main() {
  Checker check("ptr_to_array_param");
  const int m = 6, block = 4;
  const int grid = (m + block - 1) / block;
  double s = 0.8;
  Rng rng(17);
  std::vector<double> a = rng.vec((m + 1) * N), b0(m * N, 0.0), c = rng.vec(m * N),
                      d0(2 * m * N, 0.0);
#if CUAD_OUTPUT == 1
  std::vector<double> wb = rng.vec(m * N), wd = rng.vec(2 * m * N);
  auto loss = [&] {
    DeviceArray<double> da(a), db(b0), dc(c), dd(d0);
    CUAD_LAUNCH(k, grid, block, (CRows)da.ptr, (Rows)db.ptr, (CRows)dc.ptr, (Rows)dd.ptr, s, m);
    return dot(wb, db.get()) + dot(wd, dd.get());
  };
  DeviceArray<double> da(a), db(b0), dc(c), dd(d0);
  DeviceArray<double> aa(zeros<double>(a.size())), ab(wb), ac(zeros<double>(c.size())), ad(wd);
  DeviceScalar<double> as(0.0);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1_2_3_4, grid, block, (CRows)da.ptr, (Rows)db.ptr, (CRows)dc.ptr,
                        (Rows)dd.ptr, s, m, (Rows)aa.ptr, (Rows)ab.ptr, (Rows)ac.ptr, (Rows)ad.ptr,
                        as.ptr));
  check.array("A", aa.get(), fd(a, loss));
  check.array("C", ac.get(), fd(c, loss));
  check.scalar("s", as.value(), fd(s, loss));
  check.array("B", ab.get(), zeros<double>(m * N));
  check.array("D", ad.get(), zeros<double>(2 * m * N));
#else
  std::vector<double> va = rng.vec(a.size()), vc = rng.vec(c.size());
  const double vs = -0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(a, t, va)), db(b0), dc(along(c, t, vc)), dd(d0);
    CUAD_LAUNCH(k, grid, block, (CRows)da.ptr, (Rows)db.ptr, (CRows)dc.ptr, (Rows)dd.ptr,
                along(s, t, vs), m);
    std::vector<double> r = db.get(), r2 = dd.get();
    r.insert(r.end(), r2.begin(), r2.end());
    return r;
  };
  DeviceArray<double> da(a), db(b0), dc(c), dd(d0), ta(va), tb(b0), tc(vc), td(d0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, grid, block, (CRows)da.ptr, (Rows)db.ptr, (CRows)dc.ptr,
                        (Rows)dd.ptr, s, m, (CRows)ta.ptr, (Rows)tb.ptr, (CRows)tc.ptr, (Rows)td.ptr,
                        vs));
  std::vector<double> t = tb.get(), t2 = td.get();
  t.insert(t.end(), t2.begin(), t2.end());
  check.array("B+D", t, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
