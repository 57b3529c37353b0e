#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The view transmittance at every sample, in double, to keep rays away from the cutoff.
static double min_log_margin(const std::vector<float>& bl, int nb, const float* o, const float* d,
                             double sigma_t, double step, double t_far, double t_cut, bool* cut) {
  double T = 1.0, t = 0.0, margin = 1e9;
  *cut = false;
  while (t < t_far) {
    const double tm = t + 0.5 * step;
    const double p[3] = {o[0] + tm * d[0], o[1] + tm * d[1], o[2] + tm * d[2]};
    double s = 0.0;
    for (int b = 0; b < nb; ++b) {
      const float* q = &bl[5 * b];
      const double r2 = (p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]);
      s += q[4] * std::exp(-r2 * q[3]);
    }
    T *= std::exp(-sigma_t * s * step);
    margin = std::fmin(margin, std::fabs(std::log(T / t_cut)));
    if (T < t_cut) {
      *cut = true;
      break;
    }
    t += step;
  }
  return margin;
}

int main() {
  Checker check("rw25a_volume_march");
  Rng rng(25505);
  const int n_rays = 40, nb = 3;
  const float step = 0.25f, t_far = 3.5f, t_cut = 0.2f;
  float sigma_t = 1.1f, albedo = 0.8f, g = 0.35f;
  std::vector<float> bl = {0.0f, 0.0f, 1.4f, 2.5f, 2.6f,  0.4f, -0.3f, 1.9f, 4.0f, 2.2f,
                           -0.5f, 0.35f, 1.2f, 3.0f, 0.9f};
  std::vector<float> org(3 * n_rays), dir(3 * n_rays);
  int cut_rays = 0;
  for (int r = 0; r < n_rays; ++r) {
    for (int tries = 0;; ++tries) {
      org[3 * r] = (float)rng.uniform(-1.0, 1.0);
      org[3 * r + 1] = (float)rng.uniform(-1.0, 1.0);
      org[3 * r + 2] = -0.8f;
      double d[3] = {rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.2), 1.0};
      const double nn = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      for (int k = 0; k < 3; ++k) dir[3 * r + k] = (float)(d[k] / nn);
      bool cut = false;
      const double m = min_log_margin(bl, nb, &org[3 * r], &dir[3 * r], sigma_t, step, t_far, t_cut, &cut);
      if (m > 0.15 || tries > 1000) {
        check.expect(m > 0.15, "ray away from the cutoff");
        cut_rays += cut;
        break;
      }
    }
  }
  std::printf("rays cut early: %d of %d\n", cut_rays, n_rays);
  check.expect(cut_rays >= 3 && cut_rays <= n_rays - 3, "some rays stop early, some do not");
  auto B = [](DeviceArray<float>& a) { return reinterpret_cast<Blob*>(a.ptr); };
  auto run = [&](const std::vector<float>& b, float st, float al, float gg, const std::vector<float>& rad0,
                 float m0) {
    DeviceArray<float> d_o(org), d_d(dir), d_b(b), d_r(rad0), d_m(std::vector<float>{m0});
    CUAD_LAUNCH(march_volume, 2, 32, n_rays, d_o.ptr, d_d.ptr, B(d_b), nb, st, al, gg, step, t_far, t_cut,
                d_r.ptr, d_m.ptr);
    std::vector<float> out = d_r.get();
    out.push_back(d_m.get()[0]);
    return out;
  };
  std::vector<float> rad0 = rng.vec<float>(n_rays);
  float m0 = 0.3f;
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n_rays + 1);
  auto loss = [&] { return dot(w, run(bl, sigma_t, albedo, g, rad0, m0)); };
  DeviceArray<float> d_o(org), d_d(dir), d_b(bl), d_r(rad0), d_m(std::vector<float>{m0});
  DeviceArray<float> g_b(zeros<float>(5 * nb)), g_r(std::vector<float>(w.begin(), w.begin() + n_rays)),
      g_m(std::vector<float>{w[n_rays]});
  DeviceScalar<float> g_st, g_al, g_g;
  CUAD_GRAD(CUAD_LAUNCH(march_volume_grad_3_5_6_7_11_12, 2, 32, n_rays, d_o.ptr, d_d.ptr, B(d_b), nb, sigma_t,
                        albedo, g, step, t_far, t_cut, d_r.ptr, d_m.ptr, B(g_b), g_st.ptr, g_al.ptr, g_g.ptr,
                        g_r.ptr, g_m.ptr));
  check.array("blobs", g_b.get(), fd(bl, loss));
  check.scalar("sigma_t", g_st.value(), fd(sigma_t, loss));
  check.scalar("albedo", g_al.value(), fd(albedo, loss));
  check.scalar("g", g_g.value(), fd(g, loss));
  check.array("radiance", g_r.get(), fd(rad0, loss));
  check.scalar("mean_T", g_m.get()[0], fd(m0, loss));
#else
  const std::vector<float> vb = rng.vec<float>(5 * nb, -0.3, 0.3);
  const float vst = 0.4f, val = -0.5f, vg = 0.3f, vm = 0.7f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(bl, t, vb), along(sigma_t, t, vst), along(albedo, t, val), along(g, t, vg),
                          rad0, along(m0, t, vm)));
  };
  DeviceArray<float> d_o(org), d_d(dir), d_b(bl), d_r(rad0), d_m(std::vector<float>{m0});
  DeviceArray<float> t_b(vb), t_r(rng.vec<float>(n_rays)), t_m(std::vector<float>{vm});
  CUAD_GRAD(CUAD_LAUNCH(march_volume_pushforward_3_5_6_7_11_12, 2, 32, n_rays, d_o.ptr, d_d.ptr, B(d_b), nb,
                        sigma_t, albedo, g, step, t_far, t_cut, d_r.ptr, d_m.ptr, B(t_b), vst, val, vg,
                        t_r.ptr, t_m.ptr));
  std::vector<float> got = t_r.get();
  got.push_back(t_m.get()[0]);
  check.array("tangents", as_doubles(got), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
