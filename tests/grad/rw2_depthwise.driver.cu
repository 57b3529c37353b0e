#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_depthwise");
  const int N = 2, H = 5, W = 4, C = 6, n = N * H * W * C;
  Rng rng(217);
  std::vector<float> in = rng.vec<float>(n, -1.0, 3.0), f = rng.vec<float>(9 * C, -0.5, 1.5),
                     out = rng.vec<float>(n), w = rng.vec<float>(n);
  // move activations off the ReLU6 kinks at 0 and 6
  auto pre = [&](int nn, int oy, int ox, int c) {
    float acc = 0.0f;
    for (int ky = 0; ky < 3; ++ky)
      for (int kx = 0; kx < 3; ++kx) {
        int iy = oy + ky - 1, ix = ox + kx - 1;
        if (iy >= 0 && iy < H && ix >= 0 && ix < W)
          acc += in[((nn * H + iy) * W + ix) * C + c] * f[(ky * 3 + kx) * C + c];
      }
    return acc;
  };
  for (int nn = 0; nn < N; ++nn)
    for (int oy = 0; oy < H; ++oy)
      for (int ox = 0; ox < W; ++ox)
        for (int c = 0; c < C; ++c)
          for (int tries = 0; tries < 8; ++tries) {
            float a = pre(nn, oy, ox, c);
            if (std::fabs(a) > 0.08f && std::fabs(a - 6.0f) > 0.08f) break;
            in[((nn * H + oy) * W + ox) * C + c] += 0.13f;
          }
  dim3 grid(W, H);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_i(in), d_f(f);
    CUAD_LAUNCH(depthwise_conv<3>, grid, 8, d_o.ptr, d_i.ptr, d_f.ptr, N, H, W, C);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_i(in), d_f(f), a_o(w), a_i(zeros<float>(n)),
      a_f(zeros<float>(9 * C));
  CUAD_GRAD(CUAD_LAUNCH(depthwise_conv_grad_0_1_2<3>, grid, 8, d_o.ptr, d_i.ptr, d_f.ptr, N, H, W,
                        C, a_o.ptr, a_i.ptr, a_f.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("in", a_i.get(), fd(in, loss));
  check.array("filt", a_f.get(), fd(f, loss));
  return check.finish();
}
