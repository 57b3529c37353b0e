#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26e_rgcn_switch_jacobi");
  Rng rng(26517);
#if CUAD_OUTPUT == 1
  // 23 nodes; relation types 0..3 (3 is ignored); 1 block of 32
  const int n = 23;
  std::vector<int> ip = {0}, src, et;
  for (int v = 0; v < n; ++v) {
    const int deg = v == 6 ? 0 : 1 + (v * 3) % 6;
    for (int k = 0; k < deg; ++k) {
      src.push_back((v * 5 + k * 7 + 2) % n);
      et.push_back((v + k * 3) % 4);
    }
    ip.push_back((int)src.size());
  }
  const int m = (int)src.size();
  std::vector<double> h = rng.vec(n * FD, -0.6, 0.6), basis = rng.vec(NB * FD * FD, -0.7, 0.7),
                      coef = rng.vec(2 * NB, -1.0, 1.0);
  DeviceArray<int> dip(ip), dsrc(src), det(et);
  const std::vector<double> w = rng.vec(n * FD);
  auto loss = [&] {
    DeviceArray<double> dh(h), dbs(basis), dc(coef), dout(zeros<double>(n * FD));
    CUAD_LAUNCH(rgcn_aggregate, 1, 32, n, dip.ptr, dsrc.ptr, det.ptr, dh.ptr, dbs.ptr, dc.ptr, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dh(h), dbs(basis), dc(coef), dout(zeros<double>(n * FD)), gh(zeros<double>(n * FD)),
      gbs(zeros<double>(basis.size())), gc(zeros<double>(coef.size())), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(rgcn_aggregate_grad_4_5_6_7, 1, 32, n, dip.ptr, dsrc.ptr, det.ptr, dh.ptr, dbs.ptr, dc.ptr,
                        dout.ptr, gh.ptr, gbs.ptr, gc.ptr, gout.ptr));
  check.array("h", gh.get(), fd(h, loss));
  check.array("basis", gbs.get(), fd(basis, loss));
  check.array("coef", gc.get(), fd(coef, loss));
  check.array("out", gout.get(), zeros<double>(n * FD));
  (void)m;
#else
  // 37 rows, diagonal stored at varying positions in the row; 2 blocks of 32
  const int n = 37;
  std::vector<int> rp = {0}, col;
  std::vector<double> val;
  for (int i = 0; i < n; ++i) {
    const int len = 1 + (i * 3) % 5, dpos = (i * 7) % len;
    for (int t = 0; t < len; ++t) {
      if (t == dpos) {
        col.push_back(i);
        val.push_back(rng.uniform(3.0, 5.0));
      } else {
        col.push_back((i + 1 + t * 9) % n == i ? (i + 2) % n : (i + 1 + t * 9) % n);
        val.push_back(rng.uniform(-1.0, 1.0));
      }
    }
    rp.push_back((int)col.size());
  }
  const int nnz = (int)col.size();
  std::vector<double> b = rng.vec(n), x = rng.vec(n);
  DeviceArray<int> drp(rp), dcol(col);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dv(val), db(b), dx(x), dxn(zeros<double>(n));
    CUAD_LAUNCH(jacobi_sweep, 2, 32, n, drp.ptr, dcol.ptr, dv.ptr, db.ptr, dx.ptr, dxn.ptr);
    return dot(w, dxn.get());
  };
  DeviceArray<double> dv(val), db(b), dx(x), dxn(zeros<double>(n)), gv(zeros<double>(nnz)), gb(zeros<double>(n)),
      gx(zeros<double>(n)), gxn(w);
  CUAD_GRAD(CUAD_LAUNCH(jacobi_sweep_grad_3_4_5_6, 2, 32, n, drp.ptr, dcol.ptr, dv.ptr, db.ptr, dx.ptr, dxn.ptr,
                        gv.ptr, gb.ptr, gx.ptr, gxn.ptr));
  check.array("val", gv.get(), fd(val, loss));
  check.array("b", gb.get(), fd(b, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("x_new", gxn.get(), zeros<double>(n));
#endif
  return check.finish();
}
