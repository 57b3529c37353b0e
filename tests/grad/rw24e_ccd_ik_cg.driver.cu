#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int N = 40, SWEEPS = 3;

int main() {
  Checker check("rw24e_ccd_ik_cg");
  Rng rng(24515);
  std::vector<float> th0 = rng.vec<float>(N * NJ, -0.6, 0.6), len = rng.vec<float>(NJ, 0.5, 1.0), tg(2 * N);
  for (int b = 0; b < N; ++b) {
    const double r = rng.uniform(1.0, 2.4), a = rng.uniform(-1.2, 1.2);
    tg[2 * b] = (float)(r * std::cos(a)), tg[2 * b + 1] = (float)(r * std::sin(a));
  }
  const float damping = 0.6f;
  auto f2 = [](DeviceArray<float>& a) { return reinterpret_cast<float2*>(a.ptr); };
  // Targets within reach and initial poses folded little, so no atan2f argument goes near the
  // branch cut (checked in double: every CCD rotation stays below 3.1 radians).
  double worst = 0.0;
  for (int b = 0; b < N; ++b) {
    double th[NJ];
    for (int k = 0; k < NJ; ++k) th[k] = th0[b * NJ + k];
    for (int s = 0; s < SWEEPS; ++s)
      for (int j = NJ - 1; j >= 0; --j) {
        double px[NJ + 1] = {0}, py[NJ + 1] = {0}, acc = 0;
        for (int k = 0; k < NJ; ++k) acc += th[k], px[k + 1] = px[k] + len[k] * std::cos(acc), py[k + 1] = py[k] + len[k] * std::sin(acc);
        const double ex = px[NJ] - px[j], ey = py[NJ] - py[j], tx = tg[2 * b] - px[j], ty = tg[2 * b + 1] - py[j];
        const double d = std::atan2(ex * ty - ey * tx, ex * tx + ey * ty);
        worst = std::max(worst, std::fabs(d));
        th[j] += damping * d;
      }
  }
  std::printf("largest CCD rotation %.3f\n", worst);
  check.expect(worst < 3.1, "away from the atan2 branch cut");
  const std::vector<float> wt = rng.vec<float>(N * NJ), wl = {0.7f};
  auto loss = [&] {
    DeviceArray<float> d_t0(th0), d_l(len), d_tg(tg), d_th(zeros<float>(N * NJ)), d_loss(zeros<float>(1));
    CUAD_LAUNCH(ccd_ik_batch, 2, 32, d_t0.ptr, d_l.ptr, f2(d_tg), N, SWEEPS, damping, d_th.ptr, d_loss.ptr);
    return dot(wt, d_th.get()) + dot(wl, d_loss.get());
  };
  DeviceArray<float> d_t0(th0), d_l(len), d_tg(tg), d_th(zeros<float>(N * NJ)), d_loss(zeros<float>(1)),
      g_t0(zeros<float>(N * NJ)), g_l(zeros<float>(NJ)), g_tg(zeros<float>(2 * N)), g_th(wt), g_loss(wl);
  CUAD_GRAD(CUAD_LAUNCH(ccd_ik_batch_grad_0_1_2_6_7, 2, 32, d_t0.ptr, d_l.ptr, f2(d_tg), N, SWEEPS, damping, d_th.ptr,
                        d_loss.ptr, g_t0.ptr, g_l.ptr, f2(g_tg), g_th.ptr, g_loss.ptr));
  check.array("theta0", g_t0.get(), fd(th0, loss));
  check.array("len", g_l.get(), fd(len, loss));
  check.array("targets", g_tg.get(), fd(tg, loss));
  check.array("theta", g_th.get(), zeros<double>(N * NJ));
  check.array("loss", g_loss.get(), as_doubles(wl));
  return check.finish();
}
