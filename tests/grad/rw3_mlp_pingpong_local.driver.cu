#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_mlp_pingpong_local");
  const int n = 24, W4 = 4, L = 3;
  Rng rng(3119);
  std::vector<float> x = rng.vec<float>(n * W4), W = rng.vec<float>(L * W4 * W4, -0.8, 0.8),
                     b = rng.vec<float>(L * W4, -0.2, 0.2), w = rng.vec<float>(n);
  std::vector<int> act = {1, 2, 0};
  // keep the leaky ReLU's inputs (layer 1) away from 0
  auto layer1_inputs = [&](int i, std::vector<float>& pre) {
    float h[4];
    for (int o = 0; o < 4; ++o) {
      float acc = b[o];
      for (int k = 0; k < 4; ++k) acc += W[o * 4 + k] * x[i * 4 + k];
      h[o] = acc / (1.0f + std::exp(-acc));
    }
    for (int o = 0; o < 4; ++o) {
      float acc = b[4 + o];
      for (int k = 0; k < 4; ++k) acc += W[16 + o * 4 + k] * h[k];
      pre[o] = acc;
    }
  };
  for (int i = 0; i < n; ++i)
    for (int tries = 0; tries < 50; ++tries) {
      std::vector<float> pre(4);
      layer1_inputs(i, pre);
      bool ok = true;
      for (float p : pre) ok &= std::fabs(p) > 0.03f;
      if (ok) break;
      x[i * 4 + tries % 4] += 0.07f;
    }
  DeviceArray<int> d_act(act);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_W(W), d_b(b), d_y(n, 0.f);
    CUAD_LAUNCH(tiny_mlp, 1, 32, d_x.ptr, d_W.ptr, d_b.ptr, d_act.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_W(W), d_b(b), d_y(n, 0.f), a_x(zeros<float>(n * 4)),
      a_W(zeros<float>(L * 16)), a_b(zeros<float>(L * 4)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(tiny_mlp_grad_0_1_2_4, 1, 32, d_x.ptr, d_W.ptr, d_b.ptr, d_act.ptr, d_y.ptr,
                        n, a_x.ptr, a_W.ptr, a_b.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("W", a_W.get(), fd(W, loss));
  check.array("b", a_b.get(), fd(b, loss));
  check.array("y", a_y.get(), std::vector<double>(n, 0.0));
#else
  std::vector<float> vx = rng.vec<float>(n * 4), vW = rng.vec<float>(L * 16), vb = rng.vec<float>(L * 4);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_x(along(x, t, vx)), d_W(along(W, t, vW)), d_b(along(b, t, vb)), d_y(n, 0.f);
    CUAD_LAUNCH(tiny_mlp, 1, 32, d_x.ptr, d_W.ptr, d_b.ptr, d_act.ptr, d_y.ptr, n);
    return as_doubles(d_y.get());
  };
  DeviceArray<float> d_x(x), d_W(W), d_b(b), d_y(n, 0.f), t_x(vx), t_W(vW), t_b(vb), t_y(n, 0.f);
  CUAD_GRAD(CUAD_LAUNCH(tiny_mlp_pushforward, 1, 32, d_x.ptr, d_W.ptr, d_b.ptr, d_act.ptr, d_y.ptr, n,
                        t_x.ptr, t_W.ptr, t_b.ptr, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
