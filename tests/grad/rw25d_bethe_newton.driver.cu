#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_bethe_newton");
  Rng rng(25420);
  const int n = 24;
  std::vector<double> beta(n), J(n), h(n);
  for (int k = 0; k < n; ++k) {
    beta[k] = rng.uniform(0.15, 0.6);  // both sides of beta_c = 1/(4J) for J ~ 1
    J[k] = rng.uniform(0.7, 1.2);
    h[k] = (k % 2 ? 1.0 : -1.0) * rng.uniform(0.1, 0.6);
  }
  auto run = [&](const std::vector<double>& b, const std::vector<double>& j, const std::vector<double>& hh) {
    DeviceArray<double> db(b), dj(j), dh(hh), dm(zeros<double>(2 * n)), df(zeros<double>(n));
    CUAD_LAUNCH(bethe_mean_field, 1, 32, n, db.ptr, dj.ptr, dh.ptr, dm.ptr, df.ptr);
    std::vector<double> out = dm.get(), f = df.get();
    out.insert(out.end(), f.begin(), f.end());
    return out;
  };
  DeviceArray<double> db(beta), dj(J), dh(h), dm(zeros<double>(2 * n)), df(zeros<double>(n));
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(3 * n);
  auto loss = [&] { return dot(w, run(beta, J, h)); };
  DeviceArray<double> gb(zeros<double>(n)), gj(zeros<double>(n)), gh(zeros<double>(n)),
      gm(std::vector<double>(w.begin(), w.begin() + 2 * n)), gf(std::vector<double>(w.begin() + 2 * n, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(bethe_mean_field_grad_1_2_3_4_5, 1, 32, n, db.ptr, dj.ptr, dh.ptr, dm.ptr, df.ptr, gb.ptr,
                        gj.ptr, gh.ptr, gm.ptr, gf.ptr));
  check.array("beta", gb.get(), fd(beta, loss));
  check.array("J", gj.get(), fd(J, loss));
  check.array("h", gh.get(), fd(h, loss));
  check.array("m_out", gm.get(), zeros<double>(2 * n));
  check.array("f_out", gf.get(), zeros<double>(n));
#else
  const std::vector<double> vb = rng.vec(n, -0.05, 0.05), vj = rng.vec(n, -0.1, 0.1), vh = rng.vec(n, -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(beta, t, vb), along(J, t, vj), along(h, t, vh)); };
  DeviceArray<double> tb(vb), tj(vj), th(vh), tm(zeros<double>(2 * n)), tf(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(bethe_mean_field_pushforward, 1, 32, n, db.ptr, dj.ptr, dh.ptr, dm.ptr, df.ptr,
                        tb.ptr, tj.ptr, th.ptr, tm.ptr, tf.ptr));
  std::vector<double> tan = tm.get(), t2 = tf.get();
  tan.insert(tan.end(), t2.begin(), t2.end());
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
