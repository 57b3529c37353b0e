#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22g_spline_bsearch");
  const int nspl = 10, nk = 8, nq = 6;
  Rng rng(22707);
  std::vector<double> xk(nspl * nk), yk(nspl * nk), xq(nspl * nq);
  for (int t = 0; t < nspl; ++t) {
    for (int i = 0; i < nk; ++i) {
      xk[t * nk + i] = 0.5 * t + i + rng.uniform(-0.25, 0.25);
      yk[t * nk + i] = std::cos(0.7 * i + t) + rng.uniform(-0.2, 0.2);
    }
    for (int j = 0; j < nq; ++j) {  // inside intervals, away from knots; one below, one above
      double q;
      if (j == 0) q = xk[t * nk] - 0.3;
      else if (j == nq - 1) q = xk[t * nk + nk - 1] + 0.4;
      else {
        const int iv = (3 * j + t) % (nk - 1);
        q = xk[t * nk + iv] + rng.uniform(0.2, 0.8) * (xk[t * nk + iv + 1] - xk[t * nk + iv]);
      }
      xq[t * nq + j] = q;
    }
  }
  std::vector<double> yq0(nspl * nq, 0.0);
  auto run = [&](const std::vector<double>& a, const std::vector<double>& b,
                 const std::vector<double>& c) {
    DeviceArray<double> d1(a), d2(b), d3(c), dq(yq0);
    CUAD_LAUNCH(spline_fit_eval, 1, 32, nspl, d1.ptr, d2.ptr, d3.ptr, dq.ptr);
    return dq.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nspl * nq);
  auto loss = [&] { return dot(w, run(xk, yk, xq)); };
  DeviceArray<double> d1(xk), d2(yk), d3(xq), dq(yq0), g1(zeros<double>(xk.size())),
      g2(zeros<double>(yk.size())), g3(zeros<double>(xq.size())), gq(w);
  CUAD_GRAD(CUAD_LAUNCH(spline_fit_eval_grad_1_2_3_4, 1, 32, nspl, d1.ptr, d2.ptr, d3.ptr, dq.ptr,
                        g1.ptr, g2.ptr, g3.ptr, gq.ptr));
  check.array("xk", g1.get(), fd(xk, loss));
  check.array("yk", g2.get(), fd(yk, loss));
  check.array("xq", g3.get(), fd(xq, loss));
  check.array("yq", gq.get(), zeros<double>(nspl * nq));
#else
  const std::vector<double> v1 = rng.vec(xk.size(), -0.5, 0.5), v2 = rng.vec(yk.size()),
                            v3 = rng.vec(xq.size());
  auto outputs_at = [&](double s) { return run(along(xk, s, v1), along(yk, s, v2), along(xq, s, v3)); };
  DeviceArray<double> d1(xk), d2(yk), d3(xq), dq(yq0), t1(v1), t2(v2), t3(v3),
      tq(zeros<double>(nspl * nq));
  CUAD_GRAD(CUAD_LAUNCH(spline_fit_eval_pushforward, 1, 32, nspl, d1.ptr, d2.ptr, d3.ptr, dq.ptr,
                        t1.ptr, t2.ptr, t3.ptr, tq.ptr));
  check.array("yq tangent", tq.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("yq value", dq.get(), run(xk, yk, xq), Tol{1e-13, 1e-13});
#endif
#endif
  return check.finish();
}
