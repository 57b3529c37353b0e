#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_beam_fracdelay");
  Rng rng(26409);
  const int M = 6, N = 100, B = 3;
  const float fs_over_c = 2.5f;
  std::vector<float> mic(M), theta = {-0.45f, 0.12f, 0.61f}, apod(M), sig = rng.vec<float>(M * N, -1, 1);
  for (int m = 0; m < M; ++m) {
    mic[m] = (float)(0.27 * m - 0.67);
    apod[m] = (float)(0.6 + 0.4 * std::sin(M_PI * (m + 0.5) / M));
  }
  // no delay near an integer (the interpolation kinks there)
  for (int b = 0; b < B; ++b)
    for (int m = 0; m < M; ++m) {
      const double d = BULK_DELAY + mic[m] * std::sin((double)theta[b]) * fs_over_c;
      const double fr = d - std::floor(d);
      check.expect(fr > 0.03 && fr < 0.97, "fractional delay away from integers");
    }
  auto run = [&](const std::vector<float>& s, const std::vector<float>& th, const std::vector<float>& ap,
                 const std::vector<float>& p0, std::vector<float>& bm, std::vector<float>& pw) {
    DeviceArray<float> d_s(s), d_m(mic), d_t(th), d_a(ap), d_b(zeros<float>(B * N)), d_p(p0);
    CUAD_LAUNCH(das_beams, dim3((N + THREADS - 1) / THREADS, B), THREADS, d_s.ptr, d_m.ptr, d_t.ptr, d_a.ptr, M, N,
                fs_over_c, d_b.ptr, d_p.ptr);
    bm = d_b.get();
    pw = d_p.get();
  };
  std::vector<float> p0 = {0.1f, 0.2f, 0.3f};
#if CUAD_OUTPUT == 1
  const std::vector<float> wb = rng.vec<float>(B * N), wp = rng.vec<float>(B);
  auto loss = [&] {
    std::vector<float> bm, pw;
    run(sig, theta, apod, p0, bm, pw);
    return dot(wb, bm) + dot(wp, pw);
  };
  DeviceArray<float> d_s(sig), d_m(mic), d_t(theta), d_a(apod), d_b(zeros<float>(B * N)), d_p(p0),
      g_s(zeros<float>(M * N)), g_t(zeros<float>(B)), g_a(zeros<float>(M)), g_b(wb), g_p(wp);
  CUAD_GRAD(CUAD_LAUNCH(das_beams_grad_0_2_3_7_8, dim3((N + THREADS - 1) / THREADS, B), THREADS, d_s.ptr, d_m.ptr,
                        d_t.ptr, d_a.ptr, M, N, fs_over_c, d_b.ptr, d_p.ptr, g_s.ptr, g_t.ptr, g_a.ptr, g_b.ptr,
                        g_p.ptr));
  check.array("sig", g_s.get(), fd(sig, loss));
  check.array("theta", g_t.get(), fd(theta, loss));
  check.array("apod", g_a.get(), fd(apod, loss));
  check.array("beam", g_b.get(), zeros<double>(B * N));
  check.array("power", g_p.get(), fd(p0, loss));
#else
  const std::vector<float> vs = rng.vec<float>(M * N), vt = rng.vec<float>(B), va = rng.vec<float>(M),
                           vb = rng.vec<float>(B * N), vp = rng.vec<float>(B);
  auto outputs_at = [&](double t) {
    std::vector<float> bm, pw;
    run(along(sig, t, vs), along(theta, t, vt), along(apod, t, va), along(p0, t, vp), bm, pw);
    bm.insert(bm.end(), pw.begin(), pw.end());
    return as_doubles(bm);
  };
  DeviceArray<float> d_s(sig), d_m(mic), d_t(theta), d_a(apod), d_b(zeros<float>(B * N)), d_p(p0), t_s(vs), t_t(vt),
      t_a(va), t_b(vb), t_p(vp);
  CUAD_GRAD(CUAD_LAUNCH(das_beams_pushforward_0_2_3_7_8, dim3((N + THREADS - 1) / THREADS, B), THREADS, d_s.ptr,
                        d_m.ptr, d_t.ptr, d_a.ptr, M, N, fs_over_c, d_b.ptr, d_p.ptr, t_s.ptr, t_t.ptr, t_a.ptr,
                        t_b.ptr, t_p.ptr));
  std::vector<float> tb = t_b.get(), tp = t_p.get();
  tb.insert(tb.end(), tp.begin(), tp.end());
  check.array("beam+power tangent", as_doubles(tb), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
