#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int NC = 3, NP = 10, NO = 26;

int main() {
  Checker check("rw24e_rodrigues_view");
  Rng rng(24517);
  std::vector<float> rv = rng.vec<float>(3 * NC, -0.4, 0.4), tv(3 * NC), pts = rng.vec<float>(3 * NP, -1.0, 1.0),
                     obs = rng.vec<float>(2 * NO, 0.0, 60.0);
  for (int c = 0; c < NC; ++c) tv[3 * c] = (float)rng.uniform(-0.3, 0.3), tv[3 * c + 1] = (float)rng.uniform(-0.3, 0.3), tv[3 * c + 2] = (float)rng.uniform(4.0, 5.0);
  std::vector<int> ci(NO), pi(NO);
  for (int i = 0; i < NO; ++i) ci[i] = i % NC, pi[i] = (i * 7) % NP;
  const float4 K = make_float4(40.0f, 42.0f, 30.0f, 28.0f);
  DeviceArray<int> d_ci(ci), d_pi(pi);
  DeviceArray<float> d_obs(obs);
  auto f2 = [](DeviceArray<float>& a) { return reinterpret_cast<float2*>(a.ptr); };
  auto run = [&](const std::vector<float>& r, const std::vector<float>& t, const std::vector<float>& p) {
    DeviceArray<float> d_r(r), d_t(t), d_p(p), d_res(zeros<float>(2 * NO));
    CUAD_LAUNCH(reproject_residuals, 1, 32, d_r.ptr, d_t.ptr, d_p.ptr, d_ci.ptr, d_pi.ptr, f2(d_obs), NO, K, f2(d_res));
    return d_res.get();
  };
  const std::vector<float> w = rng.vec<float>(2 * NO);
  auto loss = [&] { return dot(w, run(rv, tv, pts)); };
  DeviceArray<float> d_r(rv), d_t(tv), d_p(pts), d_res(zeros<float>(2 * NO)), g_r(zeros<float>(3 * NC)),
      g_t(zeros<float>(3 * NC)), g_p(zeros<float>(3 * NP)), g_res(w);
  CUAD_GRAD(CUAD_LAUNCH(reproject_residuals_grad_0_1_2_8, 1, 32, d_r.ptr, d_t.ptr, d_p.ptr, d_ci.ptr, d_pi.ptr, f2(d_obs),
                        NO, K, f2(d_res), g_r.ptr, g_t.ptr, g_p.ptr, f2(g_res)));
  check.array("rvec", g_r.get(), fd(rv, loss));
  check.array("tvec", g_t.get(), fd(tv, loss));
  check.array("pts", g_p.get(), fd(pts, loss));
  check.array("res", g_res.get(), zeros<double>(2 * NO));
  return check.finish();
}
