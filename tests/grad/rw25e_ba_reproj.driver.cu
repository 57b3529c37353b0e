#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int BLOCK = 32;

// fd over the fields of a struct of doubles, one at a time
template <class S, class F>
static std::vector<double> fd_fields(S& s, F&& loss) {
  const int n = sizeof(S) / sizeof(double);
  std::vector<double> g(n);
  for (int k = 0; k < n; ++k) g[k] = fd(reinterpret_cast<double*>(&s)[k], loss);
  return g;
}
template <class S>
static std::vector<double> fields(const S& s) {
  const double* p = reinterpret_cast<const double*>(&s);
  return std::vector<double>(p, p + sizeof(S) / sizeof(double));
}

int main() {
  Checker check("rw25e_ba_reproj");
  Rng rng(25504);
  const int n_cams = 3, n_pts = 12, n_obs = 45;  // 2 blocks, the second partly filled
  Intrinsics K{420.0, 410.0, 160.0, 120.0, -0.08, 0.015};
  const double delta = 2.0;
  std::vector<double> cams(7 * n_cams), pts(3 * n_pts);
  for (int c = 0; c < n_cams; ++c) {
    cams[7 * c] = 1.0 + rng.uniform(-0.1, 0.1);
    for (int k = 1; k < 4; ++k) cams[7 * c + k] = rng.uniform(-0.12, 0.12);
    cams[7 * c + 4] = rng.uniform(-0.4, 0.4);
    cams[7 * c + 5] = rng.uniform(-0.4, 0.4);
    cams[7 * c + 6] = rng.uniform(3.5, 4.5);
  }
  for (int p = 0; p < n_pts; ++p) {
    pts[3 * p] = rng.uniform(-1.0, 1.0);
    pts[3 * p + 1] = rng.uniform(-1.0, 1.0);
    pts[3 * p + 2] = rng.uniform(-1.0, 1.0);
  }
  // the last point sits far behind every camera: its observations are rejected
  pts[3 * (n_pts - 1)] = 0.1, pts[3 * (n_pts - 1) + 1] = -0.2, pts[3 * (n_pts - 1) + 2] = -9.0;
  std::vector<int> ci(n_obs), pi(n_obs);
  std::vector<double> obs(2 * n_obs);
  int rejected = 0, outliers = 0;
  for (int i = 0; i < n_obs; ++i) {
    ci[i] = i % n_cams;
    pi[i] = (i * 7) % n_pts;
    const double* cam = &cams[7 * ci[i]];
    const double* X = &pts[3 * pi[i]];
    // ideal pixel, then noise that keeps |r|^2 away from delta^2 (the Huber switch)
    double2 r;
    double s;
    const bool ok = reproj_sq(cam, X, K, make_double2(0.0, 0.0), &r, &s);
    if (!ok) {
      obs[2 * i] = rng.uniform(0, 300), obs[2 * i + 1] = rng.uniform(0, 200);
      ++rejected;
      continue;
    }
    for (;;) {
      const double sc = i % 3 == 0 ? 6.0 : 1.2;
      const double ex = rng.uniform(-sc, sc), ey = rng.uniform(-sc, sc);
      const double s2 = ex * ex + ey * ey;
      if (std::fabs(s2 - delta * delta) < 0.3) continue;
      outliers += s2 > delta * delta;
      obs[2 * i] = r.x + ex;
      obs[2 * i + 1] = r.y + ey;
      break;
    }
  }
  std::printf("rejected %d, huber outliers %d\n", rejected, outliers);
  check.expect(rejected >= 2 && outliers >= 5, "some rejected points and some outliers");
  auto d2 = [](DeviceArray<double>& a) { return reinterpret_cast<double2*>(a.ptr); };
  double total0 = 0.3;
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
#if CUAD_OUTPUT == 1
  using Loss = HuberLoss;
#else
  using Loss = CauchyLoss;
#endif
  const Loss rho{delta};
  auto run = [&](const std::vector<double>& cm, const std::vector<double>& pt, Intrinsics Kv) {
    DeviceArray<double> d_c(cm), d_p(pt), d_o(obs), d_r(zeros<double>(2 * n_obs)), d_t(std::vector<double>{total0});
    DeviceArray<int> d_ci(ci), d_pi(pi);
    CUAD_LAUNCH((ba_cost<BLOCK, Loss>), 2, BLOCK, d_c.ptr, d_p.ptr, d_ci.ptr, d_pi.ptr, d2(d_o), n_obs, Kv, rho,
                d2(d_r), d_t.ptr);
    std::vector<double> out = d_r.get();
    out.push_back(d_t.get()[0]);
    return out;
  };
  DeviceArray<double> d_c(cams), d_p(pts), d_o(obs), d_r(zeros<double>(2 * n_obs)), d_t(std::vector<double>{total0});
  DeviceArray<int> d_ci(ci), d_pi(pi);
#endif
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * n_obs + 1);
  auto loss = [&] { return dot(w, run(cams, pts, K)); };
  const std::vector<double> wr(w.begin(), w.end() - 1);
  DeviceArray<double> a_c(zeros<double>(7 * n_cams)), a_p(zeros<double>(3 * n_pts)), a_r(wr),
      a_t(std::vector<double>{w.back()});
  DeviceArray<Intrinsics> a_K(std::vector<Intrinsics>{Intrinsics{0, 0, 0, 0, 0, 0}});
  CUAD_GRAD(CUAD_LAUNCH((ba_cost_grad_0_1_6_8_9<BLOCK, Loss>), 2, BLOCK, d_c.ptr, d_p.ptr, d_ci.ptr, d_pi.ptr,
                        d2(d_o), n_obs, K, rho, d2(d_r), d_t.ptr, a_c.ptr, a_p.ptr, a_K.ptr, d2(a_r), a_t.ptr));
  check.array("cams", a_c.get(), fd(cams, loss));
  check.array("pts", a_p.get(), fd(pts, loss));
  check.array("K", fields(a_K.get()[0]), fd_fields(K, loss));
  check.array("residuals", a_r.get(), zeros<double>(2 * n_obs));
  check.scalar("total", a_t.get()[0], fd(total0, loss));
#elif CUAD_OUTPUT == 2
  const std::vector<double> vc = rng.vec(7 * n_cams, -0.1, 0.1), vp = rng.vec(3 * n_pts, -0.2, 0.2),
                            vr = rng.vec(2 * n_obs);
  const Intrinsics vK{5.0, -3.0, 1.0, 2.0, 0.01, -0.004};
  const double vt = 0.7;
  auto outputs_at = [&](double t) {
    std::vector<double> out = run(along(cams, t, vc), along(pts, t, vp),
                                  Intrinsics{K.fx + t * vK.fx, K.fy + t * vK.fy, K.cx + t * vK.cx, K.cy + t * vK.cy,
                                             K.k1 + t * vK.k1, K.k2 + t * vK.k2});
    out.back() += t * vt;  // the tangent of the incoming total
    return out;
  };
  DeviceArray<double> t_c(vc), t_p(vp), t_r(vr), t_t(std::vector<double>{vt});
  CUAD_GRAD(CUAD_LAUNCH((ba_cost_pushforward_0_1_6_8_9<BLOCK, Loss>), 2, BLOCK, d_c.ptr, d_p.ptr, d_ci.ptr, d_pi.ptr,
                        d2(d_o), n_obs, K, rho, d2(d_r), d_t.ptr, t_c.ptr, t_p.ptr, vK, d2(t_r), t_t.ptr));
  std::vector<double> tan = t_r.get();
  tan.push_back(t_t.get()[0]);
  check.array("outputs tangent", tan, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = d_r.get();
  val.push_back(d_t.get()[0]);
  check.array("outputs value", val, run(cams, pts, K));
#endif
#else
  for (int i = 0; i < 6; ++i) {
    std::vector<double> cam(cams.begin() + 7 * ci[i], cams.begin() + 7 * ci[i] + 7),
        X(pts.begin() + 3 * pi[i], pts.begin() + 3 * pi[i] + 3);
    double2 o = make_double2(obs[2 * i], obs[2 * i + 1]);
    Intrinsics Ki = K;
    auto loss = [&] { return robust_reproj_cost(cam.data(), X.data(), Ki, o, delta); };
    std::vector<double> gc(7, 0.0), gX(3, 0.0);
    Intrinsics gK{0, 0, 0, 0, 0, 0};
    double2 go = make_double2(0.0, 0.0);
    CUAD_GRAD(robust_reproj_cost_grad_0_1_2_3(cam.data(), X.data(), Ki, o, delta, gc.data(), gX.data(), &gK, &go));
    check.array(at("cam", i), gc, fd(cam, loss));
    check.array(at("X", i), gX, fd(X, loss));
    check.array(at("K", i), fields(gK), fd_fields(Ki, loss));
    check.array(at("obs", i), fields(go), fd_fields(o, loss));
  }
#endif
  return check.finish();
}
