#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw16v_flow_photometric");
  const int W = 19, H = 10;  // 2x3 blocks of 16x4, partial on both axes
  Rng rng(16007);
  // smooth images so the bilinear weights matter; flow keeps x + u, y + v off integers
  std::vector<double> I1(W * H), I2(W * H), fl(2 * W * H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      I1[y * W + x] = 0.5 + 0.3 * std::sin(0.4 * x + 0.3 * y) + 0.05 * rng.uniform(-1, 1);
      I2[y * W + x] = 0.5 + 0.3 * std::sin(0.4 * x + 0.3 * y + 0.5) + 0.05 * rng.uniform(-1, 1);
      // fractional parts of the sample position in [0.15, 0.85]; some land outside (clamped)
      double u = std::floor(rng.uniform(-2, 2)) + rng.uniform(0.15, 0.85);
      double v = std::floor(rng.uniform(-2, 2)) + rng.uniform(0.15, 0.85);
      // keep clamped samples away from the border line itself
      if (std::fabs(x + u - (W - 1)) < 0.1 || std::fabs(x + u) < 0.1) u += 0.3;
      if (std::fabs(y + v - (H - 1)) < 0.1 || std::fabs(y + v) < 0.1) v += 0.3;
      fl[2 * (y * W + x)] = u;
      fl[2 * (y * W + x) + 1] = v;
    }
  const double lambda = 0.2, eps = 0.01;
  auto to2 = [](const std::vector<double>& v) {
    std::vector<double2> o(v.size() / 2);
    for (size_t i = 0; i < o.size(); ++i) o[i] = make_double2(v[2 * i], v[2 * i + 1]);
    return o;
  };
  dim3 block(BX, BY), grid((W + BX - 1) / BX, (H + BY - 1) / BY);
  DeviceArray<double> d_I1(I1);
  auto loss = [&] {
    DeviceArray<double2> d_f(to2(fl));
    DeviceArray<double> d_I2(I2), d_l(std::vector<double>{0.0});
    CUAD_LAUNCH(flow_loss, grid, block, d_f.ptr, d_I1.ptr, d_I2.ptr, W, H, lambda, eps, d_l.ptr);
    return d_l.get()[0];
  };
  DeviceArray<double2> d_f(to2(fl)), a_f(std::vector<double2>(W * H, make_double2(0, 0)));
  DeviceArray<double> d_I2(I2), d_l(std::vector<double>{0.0}), a_I2(zeros<double>(W * H)),
      a_l(std::vector<double>{1.0});
  CUAD_GRAD(CUAD_LAUNCH(flow_loss_grad_0_2_7, grid, block, d_f.ptr, d_I1.ptr, d_I2.ptr, W, H, lambda,
                        eps, d_l.ptr, a_f.ptr, a_I2.ptr, a_l.ptr));
  std::vector<double2> af = a_f.get();
  std::vector<double> afl(2 * W * H);
  for (int i = 0; i < W * H; ++i) { afl[2 * i] = af[i].x; afl[2 * i + 1] = af[i].y; }
  check.array("flow", afl, fd(fl, loss));
  check.array("I2", a_I2.get(), fd(I2, loss));
  check.scalar("loss", a_l.get()[0], 1.0);  // loss += ...: its adjoint passes through
  return check.finish();
}
