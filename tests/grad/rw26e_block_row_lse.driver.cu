#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 9 rows over 4 blocks of 64 threads (blocks loop over 2-3 rows); row lengths 0..150.
int main() {
  Checker check("rw26e_block_row_lse");
  Rng rng(26521);
  const int rows = 9;
  std::vector<int> rp = {0}, tgt(rows, 0);
  for (int r = 0; r < rows; ++r) {
    const int len = r == 3 ? 0 : (r == 5 ? 150 : 1 + (r * 37) % 90);
    tgt[r] = len ? (r * 13) % len : 0;
    rp.push_back(rp.back() + len);
  }
  const int nnz = rp.back();
  std::vector<double> logits = rng.vec(nnz, -2.0, 2.0);
  DeviceArray<int> drp(rp), dt(tgt);
  const std::vector<double> l0 = rng.vec(rows);  // row 3 is never written
  auto run = [&](const std::vector<double>& lg) {
    DeviceArray<double> dl(lg), dout(l0);
    CUAD_LAUNCH(sparse_row_xent, 4, BT, rows, drp.ptr, dt.ptr, dl.ptr, dout.ptr);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(rows);
  auto loss = [&] { return dot(w, run(logits)); };
  DeviceArray<double> dl(logits), dout(l0), gl(zeros<double>(nnz)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(sparse_row_xent_grad_3_4, 4, BT, rows, drp.ptr, dt.ptr, dl.ptr, dout.ptr, gl.ptr, gout.ptr));
  check.array("logits", gl.get(), fd(logits, loss));
  std::vector<double> gexp(rows, 0.0);
  gexp[3] = w[3];
  check.array("loss", gout.get(), gexp);
#else
  const std::vector<double> vl = rng.vec(nnz);
  auto outputs_at = [&](double t) { return run(along(logits, t, vl)); };
  DeviceArray<double> dl(logits), dout(l0), tl(vl), tout(zeros<double>(rows));
  CUAD_GRAD(CUAD_LAUNCH(sparse_row_xent_pushforward, 4, BT, rows, drp.ptr, dt.ptr, dl.ptr, dout.ptr, tl.ptr, tout.ptr));
  std::vector<double> dir = directional_fd<double>(outputs_at), got = tout.get();
  got[3] = 0.0;  // row 3 is never written: its tangent buffer keeps what it had
  check.array("loss tangent", got, dir);
#if !defined(CUAD_SELFTEST)
  check.array("loss value", dout.get(), run(logits));
#endif
#endif
  return check.finish();
}
