#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// differences whose neighbouring ratios stay away from superbee's kinks (0, 1/2, 1, 2)
static bool ratio_ok(double a, double b) {
  if (std::fabs(a) < 0.08 || std::fabs(b) < 0.08) return false;
  const double r = b / a;
  if (r < 0) return r < -0.05;
  for (double k : {0.5, 1.0, 2.0})
    if (std::fabs(r / k - 1.0) < 0.12) return false;
  return true;
}

int main() {
  Checker check("rw24a_superbee_advect");
  Rng rng(24201);
  const int n = 40;
  const float dt_dx = 0.4f;
  std::vector<float> q(n), uf(n);
  for (int tries = 0;; ++tries) {
    std::vector<double> d(n);
    double sum = 0.0;
    for (int i = 0; i < n - 1; ++i) {
      do d[i] = rng.uniform(-0.6, 0.6);
      while (i > 0 && !ratio_ok(d[i - 1], d[i]));
      sum += d[i];
    }
    d[n - 1] = -sum;  // periodic: differences sum to zero
    if (!ratio_ok(d[n - 2], d[n - 1]) || !ratio_ok(d[n - 1], d[0])) continue;
    double v = 1.0;
    for (int i = 0; i < n; ++i) {
      q[i] = (float)v;
      v += d[i];
    }
    break;
  }
  for (int i = 0; i < n; ++i) {
    const double s = std::sin(0.4 * i) + 0.3;
    uf[i] = (float)((s >= 0 ? 0.25 : -0.25) + 0.5 * s);  // |u| >= 0.25, both signs
  }
  auto run = [&](const std::vector<float>& qq, const std::vector<float>& uu) {
    DeviceArray<float> d_q(qq), d_u(uu), d_qn(zeros<float>(n));
    CUAD_LAUNCH(advect_superbee, 2, 16, d_q.ptr, d_u.ptr, d_qn.ptr, dt_dx, n);
    return d_qn.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(q, uf)); };
  DeviceArray<float> d_q(q), d_u(uf), d_qn(zeros<float>(n)), g_q(zeros<float>(n)),
      g_u(zeros<float>(n)), g_qn(w);
  CUAD_GRAD(CUAD_LAUNCH(advect_superbee_grad_0_1_2, 2, 16, d_q.ptr, d_u.ptr, d_qn.ptr, dt_dx, n,
                        g_q.ptr, g_u.ptr, g_qn.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("uface", g_u.get(), fd(uf, loss));
  check.array("qn", g_qn.get(), zeros<double>(n));
#else
  const std::vector<float> vq = rng.vec<float>(n), vu = rng.vec<float>(n), vqn = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(q, t, vq), along(uf, t, vu))); };
  DeviceArray<float> d_q(q), d_u(uf), d_qn(zeros<float>(n)), t_q(vq), t_u(vu), t_qn(vqn);
  CUAD_GRAD(CUAD_LAUNCH(advect_superbee_pushforward_0_1_2, 2, 16, d_q.ptr, d_u.ptr, d_qn.ptr, dt_dx, n,
                        t_q.ptr, t_u.ptr, t_qn.ptr));
  check.array("qn tangent", as_doubles(t_qn.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("qn value", d_qn.get(), as_doubles(run(q, uf)));
#endif
#endif
  return check.finish();
}
