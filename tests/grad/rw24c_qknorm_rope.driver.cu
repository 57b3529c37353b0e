#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_qknorm_rope");
  Rng rng(24314);
  // head_dim 48 on 64 threads: two warps, the last 16 threads idle in the rotation and the norm
  const int T = 3, H = 2, D = 48, n = T * H * D;
  std::vector<int> pos = {4, 9, 17};
  std::vector<float> qk = rng.vec<float>(n, -2.0, 2.0), w = rng.vec<float>(D, 0.5, 1.5);
  const float theta = 1000.0f, eps = 1e-6f;
  auto run = [&](const std::vector<float>& x, const std::vector<float>& nw) {
    DeviceArray<float> dx(x), dw(nw);
    DeviceArray<int> dp(pos);
    CUAD_LAUNCH(qk_norm_rope_inplace, T * H, 64, dx.ptr, dw.ptr, dp.ptr, H, D, theta, eps);
    return dx.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(n);
  auto loss = [&] { return dot(wo, run(qk, w)); };
  DeviceArray<float> dx(qk), dw(w), gx(wo), gw(zeros<float>(D));
  DeviceArray<int> dp(pos);
  CUAD_GRAD(CUAD_LAUNCH(qk_norm_rope_inplace_grad_0_1, T * H, 64, dx.ptr, dw.ptr, dp.ptr, H, D, theta, eps, gx.ptr,
                        gw.ptr));
  check.array("qk", gx.get(), fd(qk, loss));
  check.array("norm_w", gw.get(), fd(w, loss));
#else
  const std::vector<float> vx = rng.vec<float>(n), vw = rng.vec<float>(D);
  auto outputs_at = [&](double t) { return as_doubles(run(along(qk, t, vx), along(w, t, vw))); };
  DeviceArray<float> dx(qk), dw(w), tx(vx), tw(vw);
  DeviceArray<int> dp(pos);
  CUAD_GRAD(CUAD_LAUNCH(qk_norm_rope_inplace_pushforward_0_1, T * H, 64, dx.ptr, dw.ptr, dp.ptr, H, D, theta, eps,
                        tx.ptr, tw.ptr));
  check.array("qk tangent", as_doubles(tx.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("qk value", dx.get(), as_doubles(run(qk, w)));
#endif
#endif
  return check.finish();
}
