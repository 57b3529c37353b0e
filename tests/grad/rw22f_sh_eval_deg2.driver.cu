#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 40 points around the origin seen from a camera at campos; the DC coefficients are drawn
// so that about a fifth of the channels come out negative (clamped to 0). Channels closer
// than 0.03 to the clamp (in a double evaluation) are redrawn.
static void sh_ref(const float* m, const float* c, const float* sh, int deg, double* out) {
  double d[3] = {m[0] - (double)c[0], m[1] - (double)c[1], m[2] - (double)c[2]};
  const double n = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  const double x = d[0] / n, y = d[1] / n, z = d[2] / n;
  const double C0 = 0.28209479177387814, C1 = 0.4886025119029199;
  const double C2[5] = {1.0925484305920792, -1.0925484305920792, 0.31539156525252005, -1.0925484305920792,
                        0.5462742152960396};
  for (int ch = 0; ch < 3; ++ch) {
    auto s = [&](int k) { return (double)sh[3 * k + ch]; };
    double r = C0 * s(0);
    if (deg > 0) r += -C1 * y * s(1) + C1 * z * s(2) - C1 * x * s(3);
    if (deg > 1)
      r += C2[0] * x * y * s(4) + C2[1] * y * z * s(5) + C2[2] * (2 * z * z - x * x - y * y) * s(6) +
           C2[3] * x * z * s(7) + C2[4] * (x * x - y * y) * s(8);
    out[ch] = r + 0.5;
  }
}

int main() {
  Checker check("rw22f_sh_eval_deg2");
  Rng rng(22605);
  const int P = 40;
#if CUAD_OUTPUT == 3
  const int deg = 1;
#else
  const int deg = 2;
#endif
  const int K = (deg + 1) * (deg + 1);
  std::vector<float> campos = {0.3f, -0.4f, -4.0f}, means(3 * P), shs(3 * K * P);
  int negative = 0;
  for (int p = 0; p < P; ++p) {
    for (int k = 0; k < 3; ++k) means[3 * p + k] = (float)rng.uniform(-1.5, 1.5);
    for (int tries = 0;; ++tries) {
      for (int k = 0; k < K; ++k)
        for (int ch = 0; ch < 3; ++ch)
          shs[(p * K + k) * 3 + ch] = (float)(k == 0 ? rng.uniform(-3.5, 2.0) : rng.uniform(-0.6, 0.6));
      double r[3];
      sh_ref(&means[3 * p], campos.data(), &shs[p * K * 3], deg, r);
      if ((std::fabs(r[0]) > 0.03 && std::fabs(r[1]) > 0.03 && std::fabs(r[2]) > 0.03) || tries > 100) {
        negative += (r[0] < 0) + (r[1] < 0) + (r[2] < 0);
        break;
      }
    }
  }
  std::printf("clamped channels: %d of %d\n", negative, 3 * P);
  check.expect(negative > 5, "some channels clamped");
#if CUAD_OUTPUT == 3
  const std::vector<float> w = rng.vec<float>(3 * P);
  auto loss = [&] {
    std::vector<float> col(3 * P, 0.0f);
    shade_points(means.data(), campos.data(), shs.data(), P, deg, col.data());
    return dot(w, col);
  };
  std::vector<float> gm(3 * P, 0.0f), gc(3, 0.0f), gs(shs.size(), 0.0f), col(3 * P, 0.0f);
  // the colors' adjoint: the gradient of shade_points' output array is seeded with w
  std::vector<float> gcol = w;
  CUAD_GRAD(shade_points_grad_0_1_2_5(means.data(), campos.data(), shs.data(), P, deg, col.data(), gm.data(),
                                    gc.data(), gs.data(), gcol.data()));
  check.array("h_means", gm, fd(means, loss));
  check.array("h_campos", gc, fd(campos, loss));
  check.array("h_shs", gs, fd(shs, loss));
  check.array("h_colors", gcol, zeros<double>(3 * P));
#else
  auto v3 = [](DeviceArray<float>& a) { return reinterpret_cast<vec3*>(a.ptr); };
  auto run = [&](const std::vector<float>& m, const std::vector<float>& c, const std::vector<float>& s) {
    DeviceArray<float> d_m(m), d_c(c), d_s(s), d_col(zeros<float>(3 * P));
    DeviceArray<unsigned char> d_cl(zeros<unsigned char>(3 * P));
    CUAD_LAUNCH(compute_color_from_sh, 1, 16, P, deg, K, v3(d_m), v3(d_c), v3(d_s), reinterpret_cast<bool*>(d_cl.ptr), d_col.ptr);
    return as_doubles(d_col.get());
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(3 * P);
  auto loss = [&] { return dot(w, run(means, campos, shs)); };
  DeviceArray<float> d_m(means), d_c(campos), d_s(shs), d_col(zeros<float>(3 * P)), g_m(zeros<float>(3 * P)),
      g_c(zeros<float>(3)), g_s(zeros<float>(shs.size())), g_col(w);
  DeviceArray<unsigned char> d_cl(zeros<unsigned char>(3 * P));
  CUAD_GRAD(CUAD_LAUNCH(compute_color_from_sh_grad_3_4_5_7, 1, 16, P, deg, K, v3(d_m), v3(d_c), v3(d_s),
                        reinterpret_cast<bool*>(d_cl.ptr), d_col.ptr, v3(g_m), v3(g_c), v3(g_s), g_col.ptr));
  check.array("means", g_m.get(), fd(means, loss));
  check.array("campos", g_c.get(), fd(campos, loss));
  check.array("shs", g_s.get(), fd(shs, loss));
  check.array("colors", g_col.get(), zeros<double>(3 * P));
#else
  const std::vector<float> vm = rng.vec<float>(3 * P), vc = {0.5f, -0.3f, 0.8f}, vs = rng.vec<float>(shs.size());
  auto outputs_at = [&](double t) { return run(along(means, t, vm), along(campos, t, vc), along(shs, t, vs)); };
  DeviceArray<float> d_m(means), d_c(campos), d_s(shs), d_col(zeros<float>(3 * P)), t_m(vm), t_c(vc), t_s(vs),
      t_col(3 * P, 5.0f);
  DeviceArray<unsigned char> d_cl(zeros<unsigned char>(3 * P));
  CUAD_GRAD(CUAD_LAUNCH(compute_color_from_sh_pushforward, 1, 16, P, deg, K, v3(d_m), v3(d_c),
                        v3(d_s), reinterpret_cast<bool*>(d_cl.ptr), d_col.ptr, v3(t_m), v3(t_c), v3(t_s), t_col.ptr));
  check.array("colors tangent", as_doubles(t_col.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
#endif
  return check.finish();
}
