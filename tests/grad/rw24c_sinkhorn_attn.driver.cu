#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_sinkhorn_attn");
  Rng rng(24330);
  const int H = 2, T = 5, n = H * T * T, n_iter = 3;
  const float inv_temp = 0.8f;
  std::vector<float> S = rng.vec<float>(n, -2.0, 2.0), P = rng.vec<float>(n);
  auto run = [&](const std::vector<float>& s) {
    DeviceArray<float> ds(s), dp(P);
    CUAD_LAUNCH(sinkhorn_attention, H, 8, ds.ptr, dp.ptr, T, n_iter, inv_temp);
    return dp.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(S)); };
  DeviceArray<float> ds(S), dp(P), gs(zeros<float>(n)), gp(w);
  CUAD_GRAD(CUAD_LAUNCH(sinkhorn_attention_grad_0_1, H, 8, ds.ptr, dp.ptr, T, n_iter, inv_temp, gs.ptr, gp.ptr));
  check.array("scores", gs.get(), fd(S, loss));
  check.array("P", gp.get(), zeros<double>(n));
#else
  const std::vector<float> vs = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(S, t, vs))); };
  DeviceArray<float> ds(S), dp(P), ts(vs), tp(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(sinkhorn_attention_pushforward_0_1, H, 8, ds.ptr, dp.ptr, T, n_iter, inv_temp, ts.ptr, tp.ptr));
  check.array("P tangent", as_doubles(tp.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
