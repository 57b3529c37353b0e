#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_block_md_smem");
  Rng rng(23208);
  const int side = 5, n = 23, steps = 6;
  const double dt = 0.005;
  double eps = 1.0, sigma = 1.0;
  std::vector<double> x0(2 * n), v0 = rng.vec(2 * n, -0.5, 0.5);
  for (int i = 0; i < n; ++i) {  // a jittered triangular patch
    const int r = i / side, c = i % side;
    x0[2 * i] = 1.12 * (c + 0.5 * (r % 2)) + rng.uniform(-0.05, 0.05);
    x0[2 * i + 1] = 0.97 * r + rng.uniform(-0.05, 0.05);
  }
  double e0 = -0.4;
  auto run = [&](const std::vector<double>& x, const std::vector<double>& v, double ep, double sg,
                 std::vector<double>& xo, std::vector<double>& vo) {
    DeviceArray<double> d_x(x), d_v(v), d_xo(zeros<double>(2 * n)), d_vo(zeros<double>(2 * n)),
        d_e(std::vector<double>{e0});
    CUAD_LAUNCH(block_md<32>, 1, 32, d_x.ptr, d_v.ptr, n, ep, sg, dt, steps, d_xo.ptr, d_vo.ptr, d_e.ptr);
    xo = d_xo.get();
    vo = d_vo.get();
    return d_e.get()[0];
  };
  const std::vector<double> wx = rng.vec(2 * n), wv = rng.vec(2 * n);
  const double we = 0.5;
  auto loss = [&] {
    std::vector<double> xo, vo;
    const double e = run(x0, v0, eps, sigma, xo, vo);
    return dot(wx, xo) + dot(wv, vo) + we * e;
  };
  DeviceArray<double> d_x(x0), d_v(v0), d_xo(zeros<double>(2 * n)), d_vo(zeros<double>(2 * n)),
      d_e(std::vector<double>{e0}), g_x(zeros<double>(2 * n)), g_v(zeros<double>(2 * n)), g_xo(wx), g_vo(wv),
      g_e(std::vector<double>{we});
  DeviceScalar<double> g_eps, g_sig;
  CUAD_GRAD(CUAD_LAUNCH(block_md_grad_0_1_3_4_7_8_9<32>, 1, 32, d_x.ptr, d_v.ptr, n, eps, sigma, dt, steps,
                        d_xo.ptr, d_vo.ptr, d_e.ptr, g_x.ptr, g_v.ptr, g_eps.ptr, g_sig.ptr, g_xo.ptr, g_vo.ptr,
                        g_e.ptr));
  check.array("x0", g_x.get(), fd(x0, loss));
  check.array("v0", g_v.get(), fd(v0, loss));
  check.scalar("eps", g_eps.value(), fd(eps, loss));
  check.scalar("sigma", g_sig.value(), fd(sigma, loss));
  check.array("x_out", g_xo.get(), zeros<double>(2 * n));
  check.array("v_out", g_vo.get(), zeros<double>(2 * n));
  check.scalar("epot", g_e.get()[0], fd(e0, loss));
  return check.finish();
}
