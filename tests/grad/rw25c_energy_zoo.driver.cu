#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
typedef StVK M;
static M model_of(const std::vector<float>& p) { return M{p[0], p[1]}; }
static std::vector<float> params_of(const M& m) { return {m.mu, m.lam}; }
static std::vector<float> base_params() { return {1.2f, 2.0f}; }
#elif CUAD_OUTPUT == 2
typedef MooneyRivlin M;
static M model_of(const std::vector<float>& p) { return M{p[0], p[1], p[2]}; }
static std::vector<float> params_of(const M& m) { return {m.c10, m.c01, m.kappa}; }
static std::vector<float> base_params() { return {0.6f, 0.3f, 4.0f}; }
#else
typedef NeoHookean M;
static M model_of(const std::vector<float>& p) { return M{p[0], p[1]}; }
static std::vector<float> base_params() { return {1.1f, 2.4f}; }
#endif

int main() {
  Checker check("rw25c_energy_zoo");
  Rng rng(25310);
  const int n = 100, B = 64, blocks = (n + B - 1) / B;
  std::vector<float> F(9 * n), vol = rng.vec<float>(n, 0.05, 0.2), prm = base_params();
  for (int e = 0; e < n; ++e)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) F[9 * e + 3 * i + j] = (i == j ? 1.0f : 0.0f) + (float)rng.uniform(-0.2, 0.2);
  const float total0 = 0.25f;
  auto run = [&](const std::vector<float>& F_, const std::vector<float>& vol_, const std::vector<float>& p_,
                 float t0) {
    DeviceArray<float> dF(F_), dv(vol_), dt(std::vector<float>{t0});
    CUAD_LAUNCH((total_energy<M, 64>), blocks, B, n, dF.ptr, dv.ptr, model_of(p_), dt.ptr);
    return dt.get()[0];
  };
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const float w = 0.8f;
  auto loss = [&] { return (double)w * run(F, vol, prm, total0); };
  DeviceArray<float> dF(F), dv(vol), dt(std::vector<float>{total0}), gF(zeros<float>(9 * n)),
      gt(std::vector<float>{w});
  DeviceArray<M> gm(std::vector<M>{model_of(zeros<float>(3))});
#if CUAD_OUTPUT == 1
  DeviceArray<float> gv(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH((total_energy_grad_1_2_3_4<M, 64>), blocks, B, n, dF.ptr, dv.ptr, model_of(prm), dt.ptr,
                        gF.ptr, gv.ptr, gm.ptr, gt.ptr));
  check.array("vol", gv.get(), fd(vol, loss));
#else
  CUAD_GRAD(CUAD_LAUNCH((total_energy_grad_1_3_4<M, 64>), blocks, B, n, dF.ptr, dv.ptr, model_of(prm), dt.ptr,
                        gF.ptr, gm.ptr, gt.ptr));
#endif
  check.array("F", gF.get(), fd(F, loss));
  check.array("model", params_of(gm.get()[0]), fd(prm, loss));
  float t0 = total0;
  auto loss_t = [&] { return (double)w * run(F, vol, prm, t0); };
  check.scalar("total (read and added to)", gt.get()[0], fd(t0, loss_t));
#else
  const std::vector<float> vF = rng.vec<float>(9 * n), vv = rng.vec<float>(n, -0.05, 0.05), vp = {0.3f, -0.5f};
  const float vt = 0.4f;
  auto outputs_at = [&](double t) {
    return std::vector<double>{run(along(F, t, vF), along(vol, t, vv), along(prm, t, vp), along(total0, t, vt))};
  };
  DeviceArray<float> dF(F), dv(vol), dt(std::vector<float>{total0}), tF(vF), tv(vv), tt(std::vector<float>{vt});
  CUAD_GRAD(CUAD_LAUNCH((total_energy_pushforward<M, 64>), blocks, B, n, dF.ptr, dv.ptr, model_of(prm), dt.ptr,
                        tF.ptr, tv.ptr, model_of(vp), tt.ptr));
  check.array("total tangent", std::vector<float>{tt.get()[0]}, directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
