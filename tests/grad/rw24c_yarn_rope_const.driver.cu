#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_yarn_rope_const");
  Rng rng(24317);
  const int T = 4, H = 2, D = 16, n = T * H * D, orig_ctx = 64;
  std::vector<int> pos = {3, 11, 40, 97};
  std::vector<float> q = rng.vec<float>(n);
  float theta = 1000.0f, factor = 4.0f;
  // every pair's wavelength ratio away from the ramp's clamps (1 and 4)
  for (int i = 0; i < D / 2; ++i) {
    const double r = orig_ctx * std::pow((double)theta, -2.0 * i / D) / (2.0 * 3.14159265);
    check.expect(std::fabs(r - 1.0) > 0.05 && std::fabs(r - 4.0) > 0.05, "ramp away from its clamps");
  }
  auto run = [&](const std::vector<float>& qv, float th, float f) {
    std::vector<float> o = qv;
    apply_rope_yarn(o.data(), pos.data(), T, H, D, th, f, orig_ctx);
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(q, theta, factor)); };
  std::vector<float> qc = q, gq = w;
  float gth = 0.0f, gf = 0.0f;
  CUAD_GRAD(apply_rope_yarn_grad_0_5_6(qc.data(), pos.data(), T, H, D, theta, factor, orig_ctx, gq.data(), &gth, &gf));
  check.array("q", gq, fd(q, loss));
  check.scalar("theta", gth, fd(theta, loss));
  check.scalar("factor", gf, fd(factor, loss));
#else
  const std::vector<float> vq = rng.vec<float>(n);
  const float vth = 30.0f, vf = 0.5f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(q, t, vq), along(theta, t, vth), along(factor, t, vf))); };
  std::vector<float> qc = q, tq = vq;
  CUAD_GRAD(apply_rope_yarn_pushforward(qc.data(), pos.data(), T, H, D, theta, factor, orig_ctx, tq.data(), vth, vf));
  check.array("q tangent", as_doubles(tq), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("q value", qc, as_doubles(run(q, theta, factor)));
#endif
#endif
  return check.finish();
}
