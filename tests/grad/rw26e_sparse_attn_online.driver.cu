#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 11 query rows of D = 16 features, 2 tiles per 32-thread block (6 blocks, the last tile
// idle); row 3 has no neighbours (output 0), row 7 has 19.
int main() {
  Checker check("rw26e_sparse_attn_online");
  Rng rng(26509);
  const int rows = 11, nk = 14, D = 16;
  std::vector<int> ip = {0}, idx;
  for (int r = 0; r < rows; ++r) {
    const int len = r == 3 ? 0 : (r == 7 ? 19 : 1 + (r * 5) % 6);
    for (int t = 0; t < len; ++t) idx.push_back((r * 3 + t * 5 + t / 4) % nk);
    ip.push_back((int)idx.size());
  }
  std::vector<double> q = rng.vec(rows * D, -0.8, 0.8), k = rng.vec(nk * D, -0.8, 0.8), v = rng.vec(nk * D);
  DeviceArray<int> dip(ip), didx(idx);
  const int grid = (rows + 1) / 2, block = 32;
  auto run = [&](const std::vector<double>& qq, const std::vector<double>& kk, const std::vector<double>& vv) {
    DeviceArray<double> dq(qq), dk(kk), dv(vv), dout(zeros<double>(rows * D));
    CUAD_LAUNCH(sparse_attention<16>, grid, block, rows, dip.ptr, didx.ptr, dq.ptr, dk.ptr, dv.ptr, dout.ptr);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(rows * D);
  auto loss = [&] { return dot(w, run(q, k, v)); };
  DeviceArray<double> dq(q), dk(k), dv(v), dout(zeros<double>(rows * D)), gq(zeros<double>(rows * D)),
      gk(zeros<double>(nk * D)), gv(zeros<double>(nk * D)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(sparse_attention_grad_3_4_5_6<16>, grid, block, rows, dip.ptr, didx.ptr, dq.ptr, dk.ptr,
                        dv.ptr, dout.ptr, gq.ptr, gk.ptr, gv.ptr, gout.ptr));
  check.array("q", gq.get(), fd(q, loss));
  check.array("k", gk.get(), fd(k, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.array("out", gout.get(), zeros<double>(rows * D));
#else
  const std::vector<double> vq = rng.vec(rows * D), vk = rng.vec(nk * D), vv = rng.vec(nk * D);
  auto outputs_at = [&](double t) { return run(along(q, t, vq), along(k, t, vk), along(v, t, vv)); };
  DeviceArray<double> dq(q), dk(k), dv(v), dout(zeros<double>(rows * D)), tq(vq), tk(vk), tv(vv),
      tout(zeros<double>(rows * D));
  CUAD_GRAD(CUAD_LAUNCH(sparse_attention_pushforward<16>, grid, block, rows, dip.ptr, didx.ptr, dq.ptr, dk.ptr,
                        dv.ptr, dout.ptr, tq.ptr, tk.ptr, tv.ptr, tout.ptr));
  check.array("out tangent", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out value", dout.get(), run(q, k, v));
#endif
#endif
  return check.finish();
}
