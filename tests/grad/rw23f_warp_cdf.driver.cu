#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_warp_cdf");
  Rng rng(23621);
  const int tiles = 3, tile_px = 64;  // multiple of 32: every lane maps the same number of pixels
  const double clip = 3.0;
  std::vector<double> img(tiles * tile_px);
  for (auto& v : img) {
    double x;
    do {
      x = rng.uniform(0.03, 0.97);
      const double pos = x * NB - 0.5;
    if (std::fabs(pos - std::round(pos)) > 0.05) break;
    } while (true);
    v = x;
  }
  auto run = [&](const std::vector<double>& im) {
    DeviceArray<double> d_i(im), d_o(zeros<double>(tiles * tile_px));
    CUAD_LAUNCH(equalize_tiles, tiles, 32, d_i.ptr, d_o.ptr, tile_px, clip);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(tiles * tile_px);
  auto loss = [&] { return dot(w, run(img)); };
  DeviceArray<double> d_i(img), d_o(zeros<double>(tiles * tile_px)), g_i(zeros<double>(tiles * tile_px)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(equalize_tiles_grad_0_1, tiles, 32, d_i.ptr, d_o.ptr, tile_px, clip, g_i.ptr, g_o.ptr));
  check.array("img", g_i.get(), fd(img, loss));
  check.array("out", g_o.get(), zeros<double>(tiles * tile_px));
#else
  const std::vector<double> vi = rng.vec<double>(tiles * tile_px, -0.1, 0.1);
  auto outputs_at = [&](double t) { return as_doubles(run(along(img, t, vi))); };
  DeviceArray<double> d_i(img), d_o(zeros<double>(tiles * tile_px)), t_i(vi), t_o(zeros<double>(tiles * tile_px));
  CUAD_GRAD(CUAD_LAUNCH(equalize_tiles_pushforward_0_1, tiles, 32, d_i.ptr, d_o.ptr, tile_px, clip, t_i.ptr, t_o.ptr));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<double>(outputs_at), default_tol<double>());
#endif
  return check.finish();
}
