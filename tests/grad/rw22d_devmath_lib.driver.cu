#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Inputs away from the kinks: |k r - 0.2|, |k r - 1.5|, |r - 1|, |x - y| and |c - 0.4 a| above
// 0.02 (checked on the host in double), atan2 away from its branch cut (x > 0 or |y| > 0.1).
template <class T>
static void make_inputs(int n, Rng& rng, std::vector<T>& x, std::vector<T>& y, double k) {
  x.resize(n);
  y.resize(n);
  for (int i = 0; i < n; ++i) {
    for (;;) {
      const double xx = rng.uniform(-1.2, 1.2), yy = rng.uniform(-1.2, 1.2);
      const double r = std::hypot(xx, yy);
      const bool ok = std::fabs(k * r - 0.2) > 0.05 && std::fabs(k * r - 1.5) > 0.05 &&
                      std::fabs(r - 1.0) > 0.05 && std::fabs(xx - yy) > 0.05 &&
                      (xx > 0.05 || std::fabs(yy) > 0.1) && xx * yy + 2.0 > 0.3;
      if (!ok) continue;
      // c versus 0.4 a
      const double a = std::fmin(std::fmax(k * r, 0.2), 1.5) + 0.05 * std::tanh(k * r);
      const double th = std::atan2(yy, xx);
      const double b = 0.5 * (1.0 + std::erf((th - 0.3) / (0.8 * 1.4142135623730951))) *
                       std::cbrt(xx * yy + 2.0);
      const double c = std::log1p(std::expm1(0.3 * a) + std::expm1(0.2 * b) + 1.0);
      if (std::fabs(c - 0.4 * a) < 0.05) continue;
      x[i] = static_cast<T>(xx);
      y[i] = static_cast<T>(yy);
      break;
    }
  }
}

int main() {
  Checker check("rw22d_devmath_lib");
  const int n = 60;
  Rng rng(2204);
#if CUAD_OUTPUT == 2
  using T = float;
  const T k = 1.1f, vk = 0.3f;
#else
  using T = double;
  const T k = 1.1, vk = 0.3;
#endif
  std::vector<T> x, y;
  make_inputs(n, rng, x, y, (double)k);
  std::vector<T> g = rng.vec<T>(n, 0.5, 2.5);
  // small tangents of x, y keep the moved inputs away from the kinks as well
  std::vector<T> vx = rng.vec<T>(n, -0.5, 0.5), vy = rng.vec<T>(n, -0.5, 0.5),
                 vg = rng.vec<T>(n);
#if CUAD_OUTPUT == 3
  std::vector<double> w = rng.vec(2 * n);
  T kk = k;
  auto loss = [&]() {
    DeviceArray<double> dx(x), dy(y), dg(g), dout(zeros<double>(2 * n));
    CUAD_LAUNCH(shade, 2, 32, n, dx.ptr, dy.ptr, dg.ptr, kk, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dy(y), dg(g), dout(zeros<double>(2 * n)), ax(zeros<double>(n)),
      ay(zeros<double>(n)), ag(zeros<double>(n)), aout(w);
  DeviceScalar<double> ak(0.0);
  CUAD_GRAD(CUAD_LAUNCH(shade_grad_1_2_3_4_5, 2, 32, n, dx.ptr, dy.ptr, dg.ptr, kk, dout.ptr,
                        ax.ptr, ay.ptr, ag.ptr, ak.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y, loss));
  check.array("g", ag.get(), fd(g, loss));
  check.scalar("k", ak.value(), fd(kk, loss));
#else
  auto outputs_at = [&](double t) {
    DeviceArray<T> dx(along(x, t, vx)), dy(along(y, t, vy)), dg(along(g, t, vg)),
        dout(zeros<T>(2 * n));
#if CUAD_OUTPUT == 2
    CUAD_LAUNCH(shade_f, 2, 32, n, dx.ptr, dy.ptr, dg.ptr, along(k, t, vk), dout.ptr);
#else
    CUAD_LAUNCH(shade, 2, 32, n, dx.ptr, dy.ptr, dg.ptr, along(k, t, vk), dout.ptr);
#endif
    return as_doubles(dout.get());
  };
  DeviceArray<T> dx(x), d_x(vx), dy(y), d_y(vy), dg(g), d_g(vg), dout(zeros<T>(2 * n)),
      d_out(zeros<T>(2 * n));
#if CUAD_OUTPUT == 2
  CUAD_GRAD(CUAD_LAUNCH(shade_f_pushforward, 2, 32, n, dx.ptr, dy.ptr, dg.ptr, k, dout.ptr,
                        d_x.ptr, d_y.ptr, d_g.ptr, vk, d_out.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(shade_pushforward, 2, 32, n, dx.ptr, dy.ptr, dg.ptr, k, dout.ptr, d_x.ptr,
                        d_y.ptr, d_g.ptr, vk, d_out.ptr));
#endif
  check.array("out", d_out.get(), directional_fd<T>(outputs_at));
#endif
  return check.finish();
}
