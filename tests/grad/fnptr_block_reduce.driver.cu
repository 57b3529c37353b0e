#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fnptr_block_reduce");
  Rng rng(2331);
  const int R = 3, C = 80;
  std::vector<float> inp = rng.vec<float>(R * C), w = rng.vec<float>(C, 0.5, 1.5);
  auto run = [&](const std::vector<float>& iv, const std::vector<float>& wv) {
    DeviceArray<float> d_in(iv), d_w(wv), d_out(zeros<float>(R * C));
    CUAD_LAUNCH(rms_rows, R, 64, d_out.ptr, d_in.ptr, d_w.ptr, C);
    return d_out.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> g = rng.vec<float>(R * C);
  auto loss_in = [&] { return dot(g, run(inp, w)); };
  DeviceArray<float> d_in(inp), d_w(w), d_out(zeros<float>(R * C));
  DeviceArray<float> g_in(zeros<float>(R * C)), g_w(zeros<float>(C)), g_out(g);
  CUAD_GRAD(CUAD_LAUNCH(rms_rows_grad_0_1_2, R, 64, d_out.ptr, d_in.ptr, d_w.ptr, C, g_out.ptr, g_in.ptr, g_w.ptr));
  check.array("inp", g_in.get(), fd(inp, loss_in));
  check.array("w", g_w.get(), fd(w, loss_in));
#else
  const std::vector<float> vi = rng.vec<float>(R * C), vw = rng.vec<float>(C);
  auto outputs_at = [&](double t) { return as_doubles(run(along(inp, t, vi), along(w, t, vw))); };
  DeviceArray<float> d_in(inp), d_w(w), d_out(zeros<float>(R * C));
  DeviceArray<float> t_in(vi), t_w(vw), t_out(zeros<float>(R * C));
  CUAD_GRAD(CUAD_LAUNCH(rms_rows_pushforward, R, 64, d_out.ptr, d_in.ptr, d_w.ptr, C, t_out.ptr, t_in.ptr, t_w.ptr));
  check.array("out tangent", as_doubles(t_out.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
