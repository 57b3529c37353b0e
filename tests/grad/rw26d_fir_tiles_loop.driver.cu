#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_fir_tiles_loop");
  Rng rng(26411);
  const unsigned TAPS = 9, n_ch = 2, n = 150, tpb = 3;
  const unsigned tiles = (n + TILE - 1) / TILE, blocks = (tiles + tpb - 1) / tpb;  // 5 tiles, 2 blocks
  std::vector<float> x = rng.vec<float>(n_ch * n, -1, 1), taps = rng.vec<float>(n_ch * TAPS, -0.5, 0.5);
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& hh) {
    DeviceArray<float> d_x(xx), d_h(hh), d_y(zeros<float>(n_ch * n));
    CUAD_LAUNCH(fir_tiled<9u>, dim3(blocks, n_ch), TILE, d_x.ptr, d_h.ptr, d_y.ptr, n, tpb);
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n_ch * n);
  auto loss = [&] { return dot(w, run(x, taps)); };
  DeviceArray<float> d_x(x), d_h(taps), d_y(zeros<float>(n_ch * n)), g_x(zeros<float>(x.size())),
      g_h(zeros<float>(taps.size())), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(fir_tiled_grad_0_1_2<9u>, dim3(blocks, n_ch), TILE, d_x.ptr, d_h.ptr, d_y.ptr, n, tpb, g_x.ptr,
                        g_h.ptr, g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("taps", g_h.get(), fd(taps, loss));
  check.array("y", g_y.get(), zeros<double>(n_ch * n));
#else
  const std::vector<float> vx = rng.vec<float>(x.size()), vh = rng.vec<float>(taps.size()),
                           vy = rng.vec<float>(n_ch * n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(taps, t, vh))); };
  DeviceArray<float> d_x(x), d_h(taps), d_y(zeros<float>(n_ch * n)), t_x(vx), t_h(vh), t_y(vy);
  CUAD_GRAD(CUAD_LAUNCH(fir_tiled_pushforward<9u>, dim3(blocks, n_ch), TILE, d_x.ptr, d_h.ptr, d_y.ptr, n, tpb,
                        t_x.ptr, t_h.ptr, t_y.ptr));
  check.array("y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
