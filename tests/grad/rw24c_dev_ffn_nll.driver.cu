#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
__global__ void ffn_tokens_grad(const float* x, const float* wg, const float* wu, const float* wd, float* y, int T,
                                int C, int H, float* gx, float* gwg, float* gwu, float* gwd, float* gy) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < T) CUAD_GRAD(swiglu_ffn_grad_0_1_2_3_4(x + t * C, wg, wu, wd, y + t * C, C, H, gx + t * C, gwg, gwu, gwd, gy + t * C));
}
#elif CUAD_OUTPUT == 2
__global__ void nll_grad(const float* logits, const int* targets, int T, int V, float temperature, float* glogits,
                         float* gtemp, const float* seed) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  // d(seed[t] * nll_t): the gradient has seed 1, so scale into per-token buffers
  float gl[12], gt = 0.0f;
  for (int i = 0; i < V; ++i) gl[i] = 0.0f;
  CUAD_GRAD(token_nll_grad_0_3(logits + t * V, V, targets[t], temperature, gl, &gt));
  for (int i = 0; i < V; ++i) glogits[t * V + i] = seed[t] * gl[i];
  gtemp[t] = seed[t] * gt;
}
#else
__global__ void nll_fwd(const float* logits, const int* targets, int T, int V, float temperature,
                        const float* tlogits, float ttemp, float* val, float* tan) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= T) return;
  float v = 0.0f, d = 0.0f;
  CUAD_GRAD(auto r = token_nll_pushforward(logits + t * V, V, targets[t], temperature, tlogits + t * V, ttemp);
            v = r.value; d = r.pushforward);
  val[t] = v;
  tan[t] = d;
}
#endif

int main() {
  Checker check("rw24c_dev_ffn_nll");
  Rng rng(24311);
#if CUAD_OUTPUT == 1
  const int T = 5, C = 6, H = 10;
  std::vector<float> x = rng.vec<float>(T * C), wg = rng.vec<float>(H * C, -0.6, 0.6), wu = rng.vec<float>(H * C, -0.6, 0.6),
                     wd = rng.vec<float>(C * H, -0.6, 0.6), y = rng.vec<float>(T * C);
  const std::vector<float> w = rng.vec<float>(T * C);
  auto loss = [&] {
    DeviceArray<float> dx(x), dg(wg), du(wu), dd(wd), dy(y);
    CUAD_LAUNCH(ffn_tokens, 1, 32, dx.ptr, dg.ptr, du.ptr, dd.ptr, dy.ptr, T, C, H);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dg(wg), du(wu), dd(wd), dy(y), gx(zeros<float>(T * C)), gg(zeros<float>(H * C)),
      gu(zeros<float>(H * C)), gd(zeros<float>(C * H)), gy(w);
  CUAD_LAUNCH(ffn_tokens_grad, 1, 32, dx.ptr, dg.ptr, du.ptr, dd.ptr, dy.ptr, T, C, H, gx.ptr, gg.ptr, gu.ptr, gd.ptr,
              gy.ptr);
  check.array("x", gx.get(), fd(x, loss));
  check.array("w_gate", gg.get(), fd(wg, loss));
  check.array("w_up", gu.get(), fd(wu, loss));
  check.array("w_down", gd.get(), fd(wd, loss));
  check.array("y", gy.get(), fd(y, loss));
#else
  const int T = 6, V = 12;
  std::vector<int> targets = {0, 3, 11, 7, 7, 2};
  std::vector<float> logits = rng.vec<float>(T * V, -3.0, 3.0), nll0(T, 0.0f);
  // row 0 increasing, so every logit moves the running max (the rescaling branch)
  for (int i = 0; i < V; ++i) logits[i] = -2.0f + 0.37f * i;
  float temp = 1.3f;
  auto run = [&](const std::vector<float>& z, float tt) {
    DeviceArray<float> dz(z), dn(nll0);
    DeviceArray<int> dt(targets);
    CUAD_LAUNCH(lm_head_loss, 1, 32, dz.ptr, dt.ptr, dn.ptr, T, V, tt);
    return dn.get();
  };
#if CUAD_OUTPUT == 2
  const std::vector<float> w = rng.vec<float>(T);
  auto loss = [&] { return dot(w, run(logits, temp)); };
  DeviceArray<float> dz(logits), gz(zeros<float>(T * V)), gt(zeros<float>(T)), seed(w);
  DeviceArray<int> dt(targets);
  CUAD_LAUNCH(nll_grad, 1, 32, dz.ptr, dt.ptr, T, V, temp, gz.ptr, gt.ptr, seed.ptr);
  std::vector<float> gts = gt.get();
  float gtemp = 0.0f;
  for (float v : gts) gtemp += v;
  check.array("logits", gz.get(), fd(logits, loss));
  check.scalar("temperature", gtemp, fd(temp, loss));
#else
  const std::vector<float> vz = rng.vec<float>(T * V);
  const float vt = 0.4f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(logits, t, vz), along(temp, t, vt))); };
  DeviceArray<float> dz(logits), tz(vz), val(zeros<float>(T)), tan(zeros<float>(T));
  DeviceArray<int> dt(targets);
  CUAD_LAUNCH(nll_fwd, 1, 32, dz.ptr, dt.ptr, T, V, temp, tz.ptr, vt, val.ptr, tan.ptr);
  check.array("nll tangent", as_doubles(tan.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("nll value", val.get(), as_doubles(run(logits, temp)));
#endif
#endif
#endif
  return check.finish();
}
