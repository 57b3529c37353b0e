#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_split_qkv_ptrs");
  Rng rng(24324);
  const int B = 2, T = 3, NH = 2, HS = 4, C = NH * HS, n = B * T * C;
  std::vector<float> qkv = rng.vec<float>(3 * n), bias = rng.vec<float>(3 * C), q = rng.vec<float>(n),
                     k = rng.vec<float>(n), v = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& x, const std::vector<float>& bb) {
    DeviceArray<float> dx(x), db(bb), dq(q), dk(k), dv(v);
    CUAD_LAUNCH(split_qkv_heads, (3 * n + 31) / 32, 32, dx.ptr, db.ptr, dq.ptr, dk.ptr, dv.ptr, B, T, NH, HS);
    std::vector<float> o = dq.get(), o2 = dk.get(), o3 = dv.get();
    o.insert(o.end(), o2.begin(), o2.end());
    o.insert(o.end(), o3.begin(), o3.end());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wq = rng.vec<float>(n), wk = rng.vec<float>(n), wv = rng.vec<float>(n);
  std::vector<float> w = wq;
  w.insert(w.end(), wk.begin(), wk.end());
  w.insert(w.end(), wv.begin(), wv.end());
  auto loss = [&] { return dot(w, run(qkv, bias)); };
  DeviceArray<float> dx(qkv), db(bias), dq(q), dk(k), dv(v), gx(zeros<float>(3 * n)), gb(zeros<float>(3 * C)), gq(wq),
      gk(wk), gv(wv);
  CUAD_GRAD(CUAD_LAUNCH(split_qkv_heads_grad_0_1_2_3_4, (3 * n + 31) / 32, 32, dx.ptr, db.ptr, dq.ptr, dk.ptr, dv.ptr, B,
                        T, NH, HS, gx.ptr, gb.ptr, gq.ptr, gk.ptr, gv.ptr));
  check.array("qkv", gx.get(), fd(qkv, loss));
  check.array("bias", gb.get(), fd(bias, loss));
  check.array("q", gq.get(), zeros<double>(n));
  check.array("k", gk.get(), zeros<double>(n));
  check.array("v", gv.get(), zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(3 * n), vb = rng.vec<float>(3 * C);
  auto outputs_at = [&](double t) { return as_doubles(run(along(qkv, t, vx), along(bias, t, vb))); };
  DeviceArray<float> dx(qkv), db(bias), dq(q), dk(k), dv(v), tx(vx), tb(vb), tq(zeros<float>(n)), tk(zeros<float>(n)),
      tv(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(split_qkv_heads_pushforward, (3 * n + 31) / 32, 32, dx.ptr, db.ptr, dq.ptr, dk.ptr, dv.ptr, B, T,
                        NH, HS, tx.ptr, tb.ptr, tq.ptr, tk.ptr, tv.ptr));
  std::vector<float> t = tq.get(), t2 = tk.get(), t3 = tv.get();
  t.insert(t.end(), t2.begin(), t2.end());
  t.insert(t.end(), t3.begin(), t3.end());
  check.array("tangent", as_doubles(t), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
