#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22g_givens_lsq");
  const int nprob = 12, mr = 6, kc = 3;
  Rng rng(22704);
  // a quadratic fit c0 + c1 u + c2 u^2 on jittered abscissae, observations with noise
  std::vector<double> A(nprob * mr * kc), b(nprob * mr);
  for (int t = 0; t < nprob; ++t)
    for (int i = 0; i < mr; ++i) {
      const double u = -1.0 + 0.4 * i + rng.uniform(-0.1, 0.1);
      A[(t * mr + i) * kc + 0] = 1.0 + rng.uniform(-0.2, 0.2);
      A[(t * mr + i) * kc + 1] = u;
      A[(t * mr + i) * kc + 2] = u * u;
      b[t * mr + i] = std::sin(1.3 * u + t) + rng.uniform(-0.3, 0.3);
    }
  std::vector<double> x0 = rng.vec(nprob * kc), res0(nprob, 0.0);
  const std::vector<double> wx = rng.vec(nprob * kc), wr = rng.vec(nprob);
  auto loss = [&] {
    DeviceArray<double> dA(A), db(b), dx(x0), dr(res0);
    CUAD_LAUNCH(givens_lsq, 1, 32, nprob, dA.ptr, db.ptr, dx.ptr, dr.ptr);
    return dot(wx, dx.get()) + dot(wr, dr.get());
  };
#if !defined(CUAD_SELFTEST)
  {  // the solution satisfies the normal equations A^T (A x - b) = 0
    DeviceArray<double> dA(A), db(b), dx(x0), dr(res0);
    CUAD_LAUNCH(givens_lsq, 1, 32, nprob, dA.ptr, db.ptr, dx.ptr, dr.ptr);
    const std::vector<double> x = dx.get();
    double worst = 0.0;
    for (int t = 0; t < nprob; ++t)
      for (int j = 0; j < kc; ++j) {
        double g = 0.0;
        for (int i = 0; i < mr; ++i) {
          double ri = -b[t * mr + i];
          for (int k = 0; k < kc; ++k) ri += A[(t * mr + i) * kc + k] * x[t * kc + k];
          g += A[(t * mr + i) * kc + j] * ri;
        }
        worst = std::fmax(worst, std::fabs(g));
      }
    check.expect(worst < 1e-10, "normal equations hold");
  }
#endif
#if CUAD_OUTPUT == 1
  DeviceArray<double> dA(A), db(b), dx(x0), dr(res0), gA(zeros<double>(A.size())),
      gb(zeros<double>(b.size())), gx(wx), gr(wr);
  CUAD_GRAD(CUAD_LAUNCH(givens_lsq_grad_1_2_3_4, 1, 32, nprob, dA.ptr, db.ptr, dx.ptr, dr.ptr,
                        gA.ptr, gb.ptr, gx.ptr, gr.ptr));
  check.array("A", gA.get(), fd(A, loss));
  check.array("b", gb.get(), fd(b, loss));
  check.array("x", gx.get(), fd(x0, loss));
  check.array("res", gr.get(), zeros<double>(nprob));
#else
  const std::vector<double> vA = rng.vec(A.size()), vb = rng.vec(b.size());
  auto outputs_at = [&](double s) {
    DeviceArray<double> dA(along(A, s, vA)), db(along(b, s, vb)), dx(x0), dr(res0);
    CUAD_LAUNCH(givens_lsq, 1, 32, nprob, dA.ptr, db.ptr, dx.ptr, dr.ptr);
    std::vector<double> out = dx.get(), r = dr.get();
    out.insert(out.end(), r.begin(), r.end());
    return out;
  };
  DeviceArray<double> dA(A), db(b), dx(x0), dr(res0), tA(vA), tb(vb), tx(zeros<double>(x0.size())),
      tr(zeros<double>(nprob));
  CUAD_GRAD(CUAD_LAUNCH(givens_lsq_pushforward, 1, 32, nprob, dA.ptr, db.ptr, dx.ptr, dr.ptr, tA.ptr,
                        tb.ptr, tx.ptr, tr.ptr));
  std::vector<double> got = tx.get(), r = tr.get();
  got.insert(got.end(), r.begin(), r.end());
  check.array("x, res tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
