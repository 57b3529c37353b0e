#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25e_ssim_gauss");
  Rng rng(25506);
  const int W = 13, H = 11, n = W * H, TILE = 8, R = 2;
  const dim3 grid((W + TILE - 1) / TILE, (H + TILE - 1) / TILE), block(TILE, TILE);
  const double C1 = 1e-4, C2 = 9e-4;
  double sigma = 1.3;
  std::vector<double> a(n), b(n);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      const double base = 0.5 + 0.3 * std::sin(0.7 * x) * std::cos(0.5 * y);
      a[y * W + x] = base + 0.05 * rng.uniform(-1, 1);
      b[y * W + x] = 0.9 * base + 0.04 + 0.08 * rng.uniform(-1, 1);
    }
  const double loss0 = 0.25;
  auto run = [&](const std::vector<double>& i1, const std::vector<double>& i2, double sg) {
    DeviceArray<double> d1(i1), d2(i2), dm(zeros<double>(n)), dl(std::vector<double>{loss0});
    CUAD_LAUNCH((ssim_kernel<double, R, TILE>), grid, block, d1.ptr, d2.ptr, W, H, sg, C1, C2, dm.ptr, dl.ptr);
    std::vector<double> out = dm.get();
    out.push_back(dl.get()[0]);
    return out;
  };
  DeviceArray<double> d1(a), d2(b), dm(zeros<double>(n)), dl(std::vector<double>{loss0});
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n + 1);
  auto loss = [&] { return dot(w, run(a, b, sigma)); };
  DeviceArray<double> g1(zeros<double>(n)), g2(zeros<double>(n)), gs(zeros<double>(1)),
      gm(std::vector<double>(w.begin(), w.end() - 1)), gl(std::vector<double>{w.back()});
  CUAD_GRAD(CUAD_LAUNCH((ssim_kernel_grad_0_1_4_7_8<double, R, TILE>), grid, block, d1.ptr, d2.ptr, W, H, sigma,
                        C1, C2, dm.ptr, dl.ptr, g1.ptr, g2.ptr, gs.ptr, gm.ptr, gl.ptr));
  check.array("img1", g1.get(), fd(a, loss));
  check.array("img2", g2.get(), fd(b, loss));
  check.scalar("sigma", gs.get()[0], fd(sigma, loss));
  check.array("ssim_map", gm.get(), zeros<double>(n));
  check.scalar("loss", gl.get()[0], w.back());
#else
  const double vs = 0.8, vl = -0.3;
  const std::vector<double> vb = rng.vec(n, -0.2, 0.2), vm = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> o = run(a, along(b, t, vb), sigma + t * vs);
    o.back() += t * vl;
    return o;
  };
  DeviceArray<double> tb(vb), tm(vm), tl(std::vector<double>{vl});
  CUAD_GRAD(CUAD_LAUNCH((ssim_kernel_pushforward_1_4_7_8<double, R, TILE>), grid, block, d1.ptr, d2.ptr, W, H,
                        sigma, C1, C2, dm.ptr, dl.ptr, tb.ptr, vs, tm.ptr, tl.ptr));
  std::vector<double> tan = tm.get();
  tan.push_back(tl.get()[0]);
  check.array("outputs tangent", tan, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> val = dm.get();
  val.push_back(dl.get()[0]);
  check.array("outputs value", val, run(a, b, sigma));
#endif
#endif
  return check.finish();
}
