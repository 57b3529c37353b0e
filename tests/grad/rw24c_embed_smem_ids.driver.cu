#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24c_embed_smem_ids");
  Rng rng(24319);
  const int B = 2, T = 7, C = 5, V = 6, W = 3;
  const float scale = 1.7f;
  std::vector<int> tokens = {1, 4, 4, -1, 0, 5, 2, 3, 3, 3, 1, -1, -1, 0};
  std::vector<float> wte = rng.vec<float>(V * C), pe = rng.vec<float>(T * C), out = rng.vec<float>(B * T * C);
  const size_t shmem = T * C * sizeof(float) + T * sizeof(int);
  auto run = [&](const std::vector<float>& w, const std::vector<float>& p) {
    DeviceArray<int> dt(tokens);
    DeviceArray<float> dw(w), dp(p), dout(out);
    CUAD_LAUNCH_SHARED(embed_window_mean, B, 32, shmem, dt.ptr, dw.ptr, dp.ptr, dout.ptr, T, C, W, scale);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(B * T * C);
  auto loss = [&] { return dot(wo, run(wte, pe)); };
  DeviceArray<int> dt(tokens);
  DeviceArray<float> dw(wte), dp(pe), dout(out), gw(zeros<float>(V * C)), gp(zeros<float>(T * C)), gout(wo);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(embed_window_mean_grad_1_2_3, B, 32, 2 * shmem, dt.ptr, dw.ptr, dp.ptr, dout.ptr, T, C,
                               W, scale, gw.ptr, gp.ptr, gout.ptr));
  check.array("wte", gw.get(), fd(wte, loss));
  check.array("pos_emb", gp.get(), fd(pe, loss));
  check.array("out", gout.get(), zeros<double>(B * T * C));
#else
  const std::vector<float> vw = rng.vec<float>(V * C), vp = rng.vec<float>(T * C);
  auto outputs_at = [&](double t) { return as_doubles(run(along(wte, t, vw), along(pe, t, vp))); };
  DeviceArray<int> dt(tokens);
  DeviceArray<float> dw(wte), dp(pe), dout(out), tw(vw), tp(vp), tout(zeros<float>(B * T * C));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(embed_window_mean_pushforward_1_2_3, B, 32, 2 * shmem, dt.ptr, dw.ptr, dp.ptr, dout.ptr,
                               T, C, W, scale, tw.ptr, tp.ptr, tout.ptr));
  check.array("out tangent", as_doubles(tout.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
