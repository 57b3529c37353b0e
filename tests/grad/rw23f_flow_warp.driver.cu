#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_flow_warp");
  Rng rng(23617);
  const int C = 3, W = 9, H = 7;
  std::vector<float> img = rng.vec<float>(C * W * H, 0.0, 1.0);
  std::vector<float> flow(2 * W * H);
  // flows whose sample positions stay away from integer coordinates and, where they leave
  // the image, clearly outside it (the clamp then holds under the FD steps)
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      for (int k = 0; k < 2; ++k) {
        const int base = k == 0 ? x : y, lim = k == 0 ? W - 1 : H - 1;
        double f;
        for (;;) {
          f = rng.uniform(-2.5, 2.5);
          const double s = base + f;
          const double fr = s - std::floor(s);
          if (s < -0.05 || s > lim + 0.05) break;
          if (s > 0.05 && s < lim - 0.05 && fr > 0.05 && fr < 0.95) break;
        }
        flow[2 * (y * W + x) + k] = (float)f;
      }
  const dim3 block(4, 4), grid((W + 3) / 4, (H + 3) / 4);
  auto run = [&](const std::vector<float>& im, const std::vector<float>& fl) {
    DeviceArray<float> d_i(im), d_f(fl), d_o(zeros<float>(C * W * H));
    CUAD_LAUNCH(backward_warp, grid, block, d_i.ptr, d_f.ptr, C, W, H, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(C * W * H);
  auto loss = [&] { return dot(w, run(img, flow)); };
  DeviceArray<float> d_i(img), d_f(flow), d_o(zeros<float>(C * W * H)), g_i(zeros<float>(C * W * H)),
      g_f(zeros<float>(2 * W * H)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(backward_warp_grad_0_1_5, grid, block, d_i.ptr, d_f.ptr, C, W, H, d_o.ptr, g_i.ptr,
                        g_f.ptr, g_o.ptr));
  check.array("img", g_i.get(), fd(img, loss));
  check.array("flow", g_f.get(), fd(flow, loss));
  check.array("out", g_o.get(), zeros<double>(C * W * H));
#else
  const std::vector<float> vi = rng.vec<float>(C * W * H), vf = rng.vec<float>(2 * W * H, -0.02, 0.02);
  auto outputs_at = [&](double t) { return as_doubles(run(along(img, t, vi), along(flow, t, vf))); };
  DeviceArray<float> d_i(img), d_f(flow), d_o(zeros<float>(C * W * H)), t_i(vi), t_f(vf),
      t_o(zeros<float>(C * W * H));
  CUAD_GRAD(CUAD_LAUNCH(backward_warp_pushforward, grid, block, d_i.ptr, d_f.ptr, C, W, H, d_o.ptr, t_i.ptr,
                        t_f.ptr, t_o.ptr));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
