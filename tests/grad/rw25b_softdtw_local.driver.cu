#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_softdtw_local");
  Rng rng(25103);
  const int D = 3, M = 9, nq = 5, maxlen = 12;
  std::vector<int> qlen = {12, 7, 10, 5, 11};
  std::vector<double> ref(M * D), qs(nq * maxlen * D);
  for (int j = 0; j < M; ++j)
    for (int c = 0; c < D; ++c) ref[j * D + c] = std::sin(0.7 * j + c) + rng.uniform(-0.1, 0.1);
  for (int q = 0; q < nq; ++q)
    for (int i = 0; i < maxlen; ++i)
      for (int c = 0; c < D; ++c)
        qs[(q * maxlen + i) * D + c] = std::sin(0.7 * i * M / qlen[q] + c + 0.2 * q) + rng.uniform(-0.2, 0.2);
  double gamma = 0.5;
  DeviceArray<int> d_len(qlen);
  auto run = [&](const std::vector<double>& x, const std::vector<double>& r, double g) {
    DeviceArray<double> d_x(x), d_r(r), d_d(zeros<double>(nq));
    CUAD_LAUNCH(softdtw_queries<3>, 1, 32, d_x.ptr, d_len.ptr, d_r.ptr, M, g, nq, maxlen, d_d.ptr);
    return d_d.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nq);
  auto loss = [&] { return dot(w, run(qs, ref, gamma)); };
  DeviceArray<double> d_x(qs), d_r(ref), d_d(zeros<double>(nq)), g_x(zeros<double>(qs.size())),
      g_r(zeros<double>(ref.size())), g_d(w);
  DeviceScalar<double> g_g(0.0);
  CUAD_GRAD(CUAD_LAUNCH(softdtw_queries_grad_0_2_4_7<3>, 1, 32, d_x.ptr, d_len.ptr, d_r.ptr, M, gamma,
                        nq, maxlen, d_d.ptr, g_x.ptr, g_r.ptr, g_g.ptr, g_d.ptr));
  check.array("queries", g_x.get(), fd(qs, loss));
  check.array("ref", g_r.get(), fd(ref, loss));
  check.scalar("gamma", g_g.value(), fd(gamma, loss));
  check.array("dist", g_d.get(), zeros<double>(nq));
#else
  const std::vector<double> vx = rng.vec(qs.size()), vr = rng.vec(ref.size()), vd = rng.vec(nq);
  const double vg = 0.4;
  auto outputs_at = [&](double t) { return run(along(qs, t, vx), along(ref, t, vr), along(gamma, t, vg)); };
  DeviceArray<double> d_x(qs), d_r(ref), d_d(zeros<double>(nq)), t_x(vx), t_r(vr), t_d(vd);
  CUAD_GRAD(CUAD_LAUNCH(softdtw_queries_pushforward<3>, 1, 32, d_x.ptr, d_len.ptr, d_r.ptr, M, gamma,
                        nq, maxlen, d_d.ptr, t_x.ptr, t_r.ptr, vg, t_d.ptr));
  check.array("dist tangent", t_d.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("dist value", d_d.get(), run(qs, ref, gamma));
#endif
#endif
  return check.finish();
}
