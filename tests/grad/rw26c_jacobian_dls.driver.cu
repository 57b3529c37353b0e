#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_jacobian_dls");
  const int NJ = 4, n_env = 40;
  const double lambda = 0.3, tol = 0.02;
  Rng rng(26701);
  std::vector<double> axes(3 * NJ), len = {0.5, 0.4, 0.3, 0.2};
  for (int i = 0; i < NJ; ++i) {
    double a[3] = {rng.uniform(-0.4, 0.4), rng.uniform(-0.4, 0.4), 1.0};
    if (i % 2) std::swap(a[1], a[2]);
    const double n = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    for (int c = 0; c < 3; ++c) axes[3 * i + c] = a[c] / n;
  }
  std::vector<double> q = rng.vec(n_env * NJ, -1.0, 1.0), targets = rng.vec(3 * n_env, -0.7, 0.7);
  std::vector<int> iters(n_env);
  for (int e = 0; e < n_env; ++e) iters[e] = 1 + e % 6;
  // a few environments start at their target (early exit in the first iteration)
  DeviceArray<int> d_it(iters);
  auto run = [&](const std::vector<double>& av, const std::vector<double>& lv, const std::vector<double>& tv,
                 const std::vector<double>& qv) {
    DeviceArray<double> d_a(av), d_l(lv), d_t(tv), d_q(qv);
    CUAD_LAUNCH(ik_dls_iterate<4>, 2, 32, n_env, d_a.ptr, d_l.ptr, d_t.ptr, d_it.ptr, lambda, tol, d_q.ptr);
    return d_q.get();
  };
  // Host forward kinematics (end-effector position of environment e's joint angles).
  auto ee_pos = [&](const std::vector<double>& qv, int e, double p[3]) {
    double R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    p[0] = p[1] = p[2] = 0.0;
    for (int i = 0; i < NJ; ++i) {
      const double* k = &axes[3 * i];
      const double c = std::cos(qv[e * NJ + i]), s = std::sin(qv[e * NJ + i]), t = 1 - c;
      const double Q[9] = {c + k[0] * k[0] * t, k[0] * k[1] * t - k[2] * s, k[0] * k[2] * t + k[1] * s,
                           k[1] * k[0] * t + k[2] * s, c + k[1] * k[1] * t, k[1] * k[2] * t - k[0] * s,
                           k[2] * k[0] * t - k[1] * s, k[2] * k[1] * t + k[0] * s, c + k[2] * k[2] * t};
      double N[9];
      for (int r = 0; r < 3; ++r)
        for (int cc = 0; cc < 3; ++cc) N[3 * r + cc] = R[3 * r] * Q[cc] + R[3 * r + 1] * Q[3 + cc] + R[3 * r + 2] * Q[6 + cc];
      for (int j = 0; j < 9; ++j) R[j] = N[j];
      for (int r = 0; r < 3; ++r) p[r] += len[i] * R[3 * r];
    }
  };
  auto ee_err = [&](const std::vector<double>& qv, int e) {
    double p[3];
    ee_pos(qv, e, p);
    double d2 = 0;
    for (int r = 0; r < 3; ++r) d2 += (targets[3 * e + r] - p[r]) * (targets[3 * e + r] - p[r]);
    return std::sqrt(d2);
  };
  // every other target is reachable (the arm's end effector at nearby angles), so that
  // some environments converge and exit early; the others are far
  for (int e = 0; e < n_env; e += 2) {
    std::vector<double> qn = q;
    for (int i = 0; i < NJ; ++i) qn[e * NJ + i] += rng.uniform(-0.25, 0.25);
    ee_pos(qn, e, &targets[3 * e]);
  }
  // the early exit compares the error of iteration k: recompute it from the kernel run with
  // k iterations and keep it away from tol
  int exits = 0;
  for (int e = 0; e < n_env; ++e) {
    std::vector<double> qk = q;
    for (int k = 0; k < iters[e]; ++k) {
      std::vector<int> one(n_env, k);
      DeviceArray<int> d_k(one);
      DeviceArray<double> d_a(axes), d_l(len), d_t(targets), d_q(q);
      CUAD_LAUNCH(ik_dls_iterate<4>, 2, 32, n_env, d_a.ptr, d_l.ptr, d_t.ptr, d_k.ptr, lambda, tol, d_q.ptr);
      const double err = ee_err(d_q.get(), e);
      check.expect(std::fabs(err - tol) > 2e-4, "error away from the tolerance");
      if (err < tol) {
        ++exits;
        break;
      }
    }
  }
  std::printf("environments exiting early: %d\n", exits);
  check.expect(exits >= 3, "some environments exit early");
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n_env * NJ);
  auto loss = [&] { return dot(w, run(axes, len, targets, q)); };
  DeviceArray<double> d_a(axes), d_l(len), d_t(targets), d_q(q), g_a(zeros<double>(axes.size())),
      g_l(zeros<double>(NJ)), g_t(zeros<double>(targets.size())), g_q(w);
  CUAD_GRAD(CUAD_LAUNCH(ik_dls_iterate_grad_1_2_3_7<4>, 2, 32, n_env, d_a.ptr, d_l.ptr, d_t.ptr, d_it.ptr, lambda,
                        tol, d_q.ptr, g_a.ptr, g_l.ptr, g_t.ptr, g_q.ptr));
  check.array("joint_axes", g_a.get(), fd(axes, loss));
  check.array("link_len", g_l.get(), fd(len, loss));
  check.array("targets", g_t.get(), fd(targets, loss));
  check.array("q", g_q.get(), fd(q, loss));
#else
  std::vector<double> va = rng.vec(axes.size(), -0.2, 0.2), vl = rng.vec(NJ, -0.2, 0.2), vt = rng.vec(targets.size()),
                      vq = rng.vec(q.size());
  auto outputs_at = [&](double t) {
    return run(along(axes, t, va), along(len, t, vl), along(targets, t, vt), along(q, t, vq));
  };
  DeviceArray<double> d_a(axes), d_l(len), d_t(targets), d_q(q), t_a(va), t_l(vl), t_t(vt), t_q(vq);
  CUAD_GRAD(CUAD_LAUNCH(ik_dls_iterate_pushforward_1_2_3_7<4>, 2, 32, n_env, d_a.ptr, d_l.ptr, d_t.ptr, d_it.ptr,
                        lambda, tol, d_q.ptr, t_a.ptr, t_l.ptr, t_t.ptr, t_q.ptr));
  check.array("q tangent", t_q.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
