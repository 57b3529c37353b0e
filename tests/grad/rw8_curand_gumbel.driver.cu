#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The kernel advances the states in place: every primal run and the derivative start from
// freshly seeded states (same draws).
int main() {
  Checker check("rw8_curand_gumbel");
  const int rows = 40, k = 6;
  Rng rng(2626);
  std::vector<float> logits = rng.vec<float>(rows * k, -1.5, 1.5), tau = {0.7f},
                     probs0 = zeros<float>(rows * k);
  DeviceArray<curandState> states{std::vector<curandState>(rows)};
  auto reset = [&] { CUAD_LAUNCH(seed_rows, 1, 64, states.ptr, 777ull, rows); };
  auto run = [&](const std::vector<float>& l, const std::vector<float>& t) {
    DeviceArray<float> dl(l), dt(t), dp(probs0);
    reset();
    CUAD_LAUNCH(gumbel_softmax, 1, 64, states.ptr, dl.ptr, dt.ptr, dp.ptr, rows, k);
    return dp.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wp = rng.vec<float>(rows * k);
  auto loss = [&] { return dot(wp, run(logits, tau)); };
  DeviceArray<float> dl(logits), dt(tau), dp(probs0), al(zeros<float>(rows * k)),
      at(zeros<float>(1)), ap(wp);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(gumbel_softmax_grad_1_2_3, 1, 64, states.ptr, dl.ptr, dt.ptr, dp.ptr, rows,
                        k, al.ptr, at.ptr, ap.ptr));
  check.array("logits", al.get(), fd(logits, loss));
  check.array("tau", at.get(), fd(tau, loss));
  check.array("probs", ap.get(), fd(probs0, loss));
#else
  const std::vector<float> vl = rng.vec<float>(rows * k), vt = {0.3f}, vp = rng.vec<float>(rows * k);
  auto outputs_at = [&](double t) { return as_doubles(run(along(logits, t, vl), along(tau, t, vt))); };
  DeviceArray<float> dl(logits), dt(tau), dp(probs0), tl(vl), tt(vt), tp(vp);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(gumbel_softmax_pushforward, 1, 64, states.ptr, dl.ptr, dt.ptr, dp.ptr,
                        rows, k, tl.ptr, tt.ptr, tp.ptr));
  check.array("probs", tp.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
