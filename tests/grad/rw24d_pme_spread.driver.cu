#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_pme_spread");
  Rng rng(24108);
  const int n = 24, K = 8;
  const float L[3] = {6.0f, 6.4f, 7.0f};
  const float3 box = make_float3(L[0], L[1], L[2]);
  // positions in a box centred at the origin (negative cells wrap), mesh fractions away
  // from the spline knots
  std::vector<float> pos;
  while ((int)pos.size() < 3 * n) {
    const int d = (int)pos.size() % 3;
    const float x = (float)rng.uniform(-L[d] / 2, L[d] / 2);
    const double u = K * (double)x / L[d], fr = u - std::floor(u);
    if (fr < 0.04 || fr > 0.96) continue;
    pos.push_back(x);
  }
  std::vector<float> q = rng.vec<float>(n, -1.0, 1.0);
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  std::vector<float> g0 = rng.vec<float>(K * K * K, -0.3, 0.3);
  auto run = [&](const std::vector<float>& p, const std::vector<float>& qq, const std::vector<float>& gin) {
    DeviceArray<float> d_p(p), d_q(qq), d_g(gin);
    CUAD_LAUNCH(pme_spread<4>, 2, 16, n, f3(d_p), d_q.ptr, box, K, d_g.ptr);
    return d_g.get();
  };
#endif
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(K * K * K);
  auto loss = [&] { return dot(w, run(pos, q, g0)); };
  DeviceArray<float> d_p(pos), d_q(q), d_g(g0), g_p(zeros<float>(3 * n)), g_q(zeros<float>(n)), g_g(w);
  CUAD_GRAD(CUAD_LAUNCH(pme_spread_grad_1_2_5<4>, 2, 16, n, f3(d_p), d_q.ptr, box, K, d_g.ptr, f3(g_p), g_q.ptr, g_g.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("grid", g_g.get(), fd(g0, loss));
#elif CUAD_OUTPUT == 2
  const std::vector<float> vp = rng.vec<float>(3 * n, -0.5, 0.5), vq = rng.vec<float>(n), vg = rng.vec<float>(K * K * K);
  auto outputs_at = [&](double t) { return as_doubles(run(along(pos, t, vp), along(q, t, vq), along(g0, t, vg))); };
  DeviceArray<float> d_p(pos), d_q(q), d_g(g0), t_p(vp), t_q(vq), t_g(vg);
  CUAD_GRAD(CUAD_LAUNCH(pme_spread_pushforward_1_2_5<4>, 2, 16, n, f3(d_p), d_q.ptr, box, K, d_g.ptr, f3(t_p), t_q.ptr,
                        t_g.ptr));
  check.array("grid tangent", as_doubles(t_g.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("grid value", d_g.get(), as_doubles(run(pos, q, g0)));
#endif
#else
  std::vector<float> phi = rng.vec<float>(K * K * K, -1.0, 1.0), e0 = {0.2f};
  auto run = [&](const std::vector<float>& p, const std::vector<float>& qq, const std::vector<float>& ph,
                 const std::vector<float>& ein) {
    DeviceArray<float> d_p(p), d_q(qq), d_ph(ph), d_e(ein);
    CUAD_LAUNCH(pme_gather_energy<4>, 1, 32, n, f3(d_p), d_q.ptr, box, K, d_ph.ptr, d_e.ptr);
    return d_e.get();
  };
  const float we = 1.3f;
  auto loss = [&] { return we * run(pos, q, phi, e0)[0]; };
  DeviceArray<float> d_p(pos), d_q(q), d_ph(phi), d_e(e0), g_p(zeros<float>(3 * n)), g_q(zeros<float>(n)),
      g_ph(zeros<float>(K * K * K)), g_e(std::vector<float>{we});
  CUAD_GRAD(CUAD_LAUNCH(pme_gather_energy_grad_1_2_5_6<4>, 1, 32, n, f3(d_p), d_q.ptr, box, K, d_ph.ptr, d_e.ptr,
                        f3(g_p), g_q.ptr, g_ph.ptr, g_e.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("phi", g_ph.get(), fd(phi, loss));
  check.array("energy", g_e.get(), fd(e0, loss));
#endif
  return check.finish();
}
